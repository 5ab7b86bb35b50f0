// All nl catalogues as one lazily loaded chunk: a visitor downloads only the language shown.
const files = import.meta.glob<Record<string, unknown>>('./*.json', { eager: true, import: 'default' });

export default Object.fromEntries(
  Object.entries(files).map(([file, catalog]) => [file.replace(/^\.\/(.*)\.json$/, '$1'), catalog]),
);
