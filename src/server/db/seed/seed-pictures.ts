// The demo data's pictures (issue 28): a few landscapes drawn by code at seed time (an SVG that
// sharp renders), so the media library, the galleries and the tours show something on a first
// start. No image file is downloaded or kept in the repository. A scene is always the same bytes
// under the same name (made from its drawing), so the seed stays deterministic.

import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { runImageWork } from '../../media/image-work-pool.js';
import { storeImage, type StoredImage } from '../../media/media-storage.js';
import type { Database } from '../schema.js';
import { insertWithIds } from './batch-insert.js';
import type { TourPlan } from './seed-tours.js';
import { slugify } from './word-lists.js';
import type { MediaStore } from '../../media/media-store.js';

// Drawn on a 1200 x 800 canvas, rendered at 960 x 640: large enough for the medium size and a
// gallery, small enough that the seed stays quick (the pictures take a few tenths of a second).
const WIDTH = 1200;
const HEIGHT = 800;
const RENDERED = { width: 960, height: 640 };

/** A band of land across the picture: rolling hills, or peaks (with snow) for the mountains. */
type Land = {
  color: string;
  base: number;
  hills?: { height: number; waves: number; shift: number };
  peaks?: readonly [x: number, height: number][];
  snow?: boolean;
};
/** A lake, a river or the sea: flat from `top` down, under the bands drawn after it. */
type Water = { water: string; top: number };
type Layer = Land | Water;

type Scene = {
  title: string;
  caption: string;
  alt: string;
  sky: readonly [top: string, bottom: string];
  sun?: { x: number; y: number; r: number; color: string };
  /** From the back to the front. */
  layers: readonly Layer[];
  /** The road or path the holiday follows, from the bottom edge into the picture. */
  trail: { color: string; to: readonly [x: number, y: number] };
};

const SCENES: readonly Scene[] = [
  {
    title: 'Vineyard hills at sunset',
    caption: 'The last climb of the day between the vines.',
    alt: 'A lane winds up through green vineyard hills under an orange evening sky',
    sky: ['#f0a35e', '#fde5c4'],
    sun: { x: 880, y: 250, r: 80, color: '#fff1cf' },
    layers: [
      { color: '#93a86f', base: 470, hills: { height: 40, waves: 1.5, shift: 0.4 } },
      { color: '#6c8a4e', base: 560, hills: { height: 50, waves: 2, shift: 1.8 } },
      { color: '#4c6b38', base: 660, hills: { height: 35, waves: 2.5, shift: 3 } },
    ],
    trail: { color: '#e3cfa4', to: [700, 500] },
  },
  {
    title: 'Lakeside path at dawn',
    caption: 'A quiet start along the shore before breakfast.',
    alt: 'A gravel path along a still blue lake with wooded hills behind, at dawn',
    sky: ['#9cc3e6', '#f4e7d7'],
    sun: { x: 300, y: 330, r: 60, color: '#fff6e0' },
    layers: [
      { color: '#7d9a8c', base: 430, hills: { height: 45, waves: 1.2, shift: 2.2 } },
      { water: '#6f9fc4', top: 470 },
      { color: '#9cb77f', base: 660, hills: { height: 18, waves: 0.7, shift: 1.5 } },
    ],
    trail: { color: '#d8c7a2', to: [1200, 650] },
  },
  {
    title: 'Alpine pass',
    caption: 'Snow on the peaks, and the hairpins down to the valley.',
    alt: 'Snow-capped mountains above a green valley with a road climbing towards a pass',
    sky: ['#5d95d6', '#d7e8f7'],
    layers: [
      {
        color: '#8a94a6',
        base: 520,
        peaks: [
          [180, 300],
          [460, 380],
          [760, 330],
          [1040, 360],
        ],
        snow: true,
      },
      { color: '#5f8a55', base: 640, hills: { height: 40, waves: 1.8, shift: 0.9 } },
    ],
    trail: { color: '#cfc6b0', to: [520, 560] },
  },
  {
    title: 'Coastal road',
    caption: 'Sea views all the way to the harbour.',
    alt: 'A road along green cliffs above a turquoise sea under a clear sky',
    sky: ['#4f9be0', '#cfe6f7'],
    sun: { x: 1000, y: 170, r: 55, color: '#fffbe8' },
    layers: [
      { water: '#3f9fb5', top: 430 },
      { color: '#7aa25c', base: 560, hills: { height: 90, waves: 0.8, shift: 4.4 } },
    ],
    trail: { color: '#d9d2c0', to: [1200, 520] },
  },
  {
    title: 'Lavender fields',
    caption: 'July on the plateau: the lavender is out.',
    alt: 'Purple lavender fields rolling towards low blue hills on a summer afternoon',
    sky: ['#7fb0e3', '#eef3f8'],
    sun: { x: 200, y: 180, r: 50, color: '#fffdf0' },
    layers: [
      { color: '#8aa0c8', base: 460, hills: { height: 30, waves: 1, shift: 1.1 } },
      { color: '#9c7fc1', base: 560, hills: { height: 25, waves: 2.2, shift: 0.3 } },
      { color: '#7f5ea8', base: 670, hills: { height: 20, waves: 3, shift: 2.6 } },
    ],
    trail: { color: '#e8dcc0', to: [560, 560] },
  },
  {
    title: 'River valley cycle path',
    caption: 'Flat, car-free and never far from a café.',
    alt: 'A cycle path beside a winding river in a wide green valley',
    sky: ['#8fbde8', '#e9f1ea'],
    layers: [
      { color: '#88a97a', base: 420, hills: { height: 70, waves: 1.3, shift: 5 } },
      { color: '#a8c486', base: 520, hills: { height: 20, waves: 1, shift: 0 } },
      { water: '#79a9c9', top: 590 },
      { color: '#95b873', base: 690, hills: { height: 25, waves: 0.9, shift: 2 } },
    ],
    trail: { color: '#ddd3bb', to: [900, 680] },
  },
];

/** The outline of rolling hills: a sum of two waves, closed along the bottom edge. */
function hillsPath(land: Land & { hills: NonNullable<Land['hills']> }): string {
  const { height, waves, shift } = land.hills;
  const points: string[] = [];
  for (let x = 0; x <= WIDTH; x += 40) {
    const angle = (x / WIDTH) * Math.PI * 2 * waves + shift;
    const y = land.base - height * (0.7 * Math.sin(angle) + 0.3 * Math.sin(angle * 2.3 + 1));
    points.push(`${x} ${y.toFixed(1)}`);
  }
  return `M${points.join(' L')} V${HEIGHT} H0 Z`;
}

/** Peaks as triangles from the band's base, each with a cap of snow when asked. */
function peaksMarkup(land: Land & { peaks: NonNullable<Land['peaks']> }): string {
  return land.peaks
    .map(([x, height]) => {
      const top = land.base - height;
      const half = height * 0.9;
      const mountain = `<path d="M${x - half} ${land.base} L${x} ${top} L${x + half} ${land.base} Z" fill="${land.color}"/>`;
      const cap = height * 0.25;
      const snow = land.snow ? `<path d="M${x - cap * 0.9} ${top + cap} L${x} ${top} L${x + cap * 0.9} ${top + cap} Z" fill="#f7f9fb"/>` : '';
      return mountain + snow;
    })
    .join('');
}

function layerMarkup(layer: Layer): string {
  if ('water' in layer) return `<rect y="${layer.top}" width="${WIDTH}" height="${HEIGHT - layer.top}" fill="${layer.water}"/>`;
  const land = layer;
  if (land.peaks)
    return `${peaksMarkup({ ...land, peaks: land.peaks })}<rect y="${land.base}" width="${WIDTH}" height="${HEIGHT - land.base}" fill="${land.color}"/>`;
  if (land.hills) return `<path d="${hillsPath({ ...land, hills: land.hills })}" fill="${land.color}"/>`;
  return '';
}

/** The scene as SVG: sky, sun, the layers from the back, and the trail on top. */
function sceneSvg(scene: Scene): string {
  const [top, bottom] = scene.sky;
  const [toX, toY] = scene.trail.to;
  const [middle, halfway] = [WIDTH / 2, (HEIGHT + toY) / 2];
  // Wide at the bottom edge, narrowing into the distance.
  const trail = `M${middle - 90} ${HEIGHT} Q ${middle} ${halfway} ${toX} ${toY} Q ${middle + 20} ${halfway} ${middle + 90} ${HEIGHT} Z`;
  const sky = `<stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>`;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${RENDERED.width}" height="${RENDERED.height}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">${sky}</linearGradient></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
    scene.sun ? `<circle cx="${scene.sun.x}" cy="${scene.sun.y}" r="${scene.sun.r}" fill="${scene.sun.color}"/>` : '',
    ...scene.layers.map(layerMarkup),
    `<path d="${trail}" fill="${scene.trail.color}"/>`,
    '</svg>',
  ];
  return parts.join('');
}

/** Pictures per gallery, and how many tours get one. */
const GALLERY_SIZE = 4;
const TOURS_WITH_PICTURES = 8;
/** When the demo pictures say they were added: fixed, so the same seed gives the same rows. */
const ADDED_AT = Date.parse('2026-01-05T09:00:00Z');

/**
 * Draws the scenes, stores them (and their sizes) in `store` as an upload is stored, files them
 * in the media library, and gives the first live tours an overview image, a hero image and a
 * gallery of their own (each starting at another scene).
 */
export async function seedPictures(db: Kysely<Database>, store: MediaStore, tours: readonly TourPlan[]): Promise<void> {
  const stored: { scene: Scene; image: StoredImage }[] = [];
  for (const scene of SCENES) {
    const svg = sceneSvg(scene);
    const bytes = await runImageWork(() => sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer());
    // A name made from the drawing: the same scene is the same file, whichever seed run writes it.
    const name = createHash('sha256').update(svg).digest('hex').slice(0, 32);
    stored.push({ scene, image: await storeImage(store, bytes, `${scene.title}.jpg`, name) });
  }

  const media = stored.map(({ scene, image }, index) => ({ id: 0, scene, image, index }));
  await insertWithIds(db, 'media', media, ({ id, scene, image, index }) => ({
    id,
    file_name: image.fileName,
    original_name: `${slugify(scene.title)}.jpg`,
    mime_type: image.mimeType,
    width: image.width,
    height: image.height,
    size_bytes: image.sizeBytes,
    title: scene.title,
    caption: scene.caption,
    alt: scene.alt,
    credit: 'Demo picture drawn by the seed',
    created_at: new Date(ADDED_AT + index * 60_000),
  }));

  const pictured = tours.filter((tour) => tour.live && !tour.deleted).slice(0, TOURS_WITH_PICTURES);
  const galleries = pictured.map((tour, index) => ({
    id: 0,
    tour,
    index,
    media: Array.from({ length: GALLERY_SIZE }, (_, position) => media[(index + position) % media.length].id),
  }));
  await insertWithIds(db, 'galleries', galleries, ({ id, index }) => ({ id, created_at: new Date(ADDED_AT + (media.length + index) * 60_000) }));
  const images = galleries.flatMap((gallery) => gallery.media.map((mediaId, position) => ({ gallery_id: gallery.id, media_id: mediaId, position })));
  if (images.length) await db.insertInto('gallery_media').values(images).execute();
  for (const gallery of galleries) {
    await db
      .updateTable('tours')
      .set({ media_id: gallery.media[0], hero_id: gallery.media[1], gallery_id: gallery.id })
      .where('id', '=', gallery.tour.id)
      .execute();
  }
}
