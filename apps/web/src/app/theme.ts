import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eaf2f8',
  '#d3e1ec',
  '#a4c1da',
  '#729fc7',
  '#4a82b7',
  '#3270ad',
  '#2566a9',
  '#185594',
  '#0f4b85',
  '#1c3d5a',
];

const gold: MantineColorsTuple = [
  '#fbf6ea',
  '#f2e9d3',
  '#e5d2a5',
  '#d8ba73',
  '#cda54a',
  '#c8a45c',
  '#b98c2a',
  '#a37a21',
  '#916c1a',
  '#7d5c10',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand, gold },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
