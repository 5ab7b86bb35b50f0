import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One name per feature (ARCHITECTURE.md): a feature is the same folder in the server's features,
// the web app's features and packages/shared/src. A folder without its twin on another side is
// allowed only with the reason written here, so a new feature cannot silently split its contract
// into another feature's folder (as packages/shared/src/people once held nine of them).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const TREES = {
  server: 'apps/server/src/features',
  web: 'apps/web/src/features',
  shared: 'packages/shared/src',
} as const;
type Side = keyof typeof TREES;
const SIDES = Object.keys(TREES) as Side[];

/** Folders of a tree that are not features: cross-cutting code (the server's twin is apps/server/src/platform). */
const NOT_FEATURES: Partial<Record<Side, Record<string, string>>> = {
  shared: { platform: 'cross-cutting contracts and rules (errors, http, permissions, routes, …), not a feature' },
};

/** A feature missing on a side, and why. Each entry must name a side where the folder is really missing. */
const WITHOUT_TWIN: Record<string, Partial<Record<Side, string>>> = {
  analytics: {
    web: "the page-view beacon is web plumbing (lib/analytics.ts); the report is the companies feature's analytics tab",
  },
  breadcrumbs: { web: 'one component on every page (components/AppBreadcrumbs.tsx), no screen of its own' },
  bulk: { web: 'the bulk bar is a component (components/bulk) that each list feature mounts' },
  files: { web: "the upload field is a component (components/files) that the features' forms use" },
  health: {
    web: 'probes for a load balancer: no screen',
    shared: 'probes for a load balancer: no client reads them, the schema stays beside the route',
  },
  field: {
    server:
      "the fitter's offline screen and its outbox (issue 28) write through the hours and declarations routes, with Idempotency-Key (platform/idempotency.ts)",
    shared: 'screens only: the forms use the hours and declarations contracts',
  },
  history: { web: 'one panel (components/history) that every editor mounts' },
  media: { web: 'image fields are components (components/ImagePickerField, MediaGalleryField, media-upload.ts)' },
  home: {
    server: "screens only: the employee's start and the catalogue overview read other features' routes",
    shared: 'screens only: no contract of its own',
  },
};

function folders(side: Side): string[] {
  return fs
    .readdirSync(path.join(repoRoot, TREES[side]), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !(e.name in (NOT_FEATURES[side] ?? {})))
    .map((e) => e.name)
    .sort();
}

describe('one name per feature in server, web and shared', () => {
  const trees = Object.fromEntries(SIDES.map((side) => [side, new Set(folders(side))])) as Record<Side, Set<string>>;
  const features = [...new Set(SIDES.flatMap((side) => [...trees[side]]))].sort();

  it('lists the three trees', () => {
    for (const side of SIDES) expect(trees[side].size, TREES[side]).toBeGreaterThan(5);
  });

  it('gives every feature its folder on every side, or a reason beside it in WITHOUT_TWIN', () => {
    const missing = features.flatMap((f) =>
      SIDES.filter((side) => !trees[side].has(f) && !WITHOUT_TWIN[f]?.[side]).map((side) => {
        const has = SIDES.filter((s) => trees[s].has(f))
          .map((s) => `${TREES[s]}/${f}`)
          .join(', ');
        return `${TREES[side]}/${f} is missing (twin of ${has}): add the folder, or a reason in WITHOUT_TWIN.${f}.${side}`;
      }),
    );
    expect(missing).toEqual([]);
  });

  it('keeps WITHOUT_TWIN true: every reason names a side where the folder is missing, for a feature that exists', () => {
    const stale = Object.entries(WITHOUT_TWIN).flatMap(([f, reasons]) => [
      ...(features.includes(f) ? [] : [`WITHOUT_TWIN.${f}: no such feature on any side`]),
      ...(Object.keys(reasons) as Side[])
        .filter((side) => trees[side].has(f))
        .map((side) => `WITHOUT_TWIN.${f}.${side}: ${TREES[side]}/${f} exists, remove the reason`),
    ]);
    expect(stale).toEqual([]);
  });
});
