import sharp from "sharp";
import { type StreetLine, streetLines } from "../../seed/gis.ts";

/**
 * The street base map of the seeded city as an ArcGIS MapServer's cached tiles
 * (`/MapServer/tile/{level}/{row}/{col}`, 256-pixel PNGs in Web Mercator, as the city's own
 * basemap service serves them): land, the Fox River, the seeded streets with their names from
 * zoom 16. Drawn as SVG and rasterised by sharp, once per tile (issue 28: the local map showed
 * parcel outlines on grey).
 */
const TILE = 256;
const LAND = "#f2efe9";
const WATER = "#aad3df";
const ROAD = "#ffffff";
const ROAD_EDGE = "#c8c2b8";
const LABEL = "#3d3d3d";
/** The Fox River runs north-south near -88.285 through the seeded district. */
const RIVER = { lng: -88.285, halfWidth: 0.0006, south: 41.95, north: 42.12 };

/** Where a longitude and latitude fall, in pixels of the whole world at a zoom (Web Mercator). */
function worldPixel(lng: number, lat: number, zoom: number): [number, number] {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  const x = ((lng + 180) / 360) * scale;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
  return [x, y];
}

const roadWidth = (zoom: number) => (zoom >= 18 ? 14 : zoom >= 17 ? 10 : zoom >= 16 ? 7 : zoom >= 14 ? 4 : 2);

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The tile's SVG: what of the river and the streets crosses it, in the tile's own pixels. */
export function tileSvg(zoom: number, col: number, row: number, streets: readonly StreetLine[]): string {
  const origin: [number, number] = [col * TILE, row * TILE];
  const at = (lng: number, lat: number) => {
    const [x, y] = worldPixel(lng, lat, zoom);
    return [Number((x - origin[0]).toFixed(1)), Number((y - origin[1]).toFixed(1))] as const;
  };
  const [riverWest, riverNorth] = at(RIVER.lng - RIVER.halfWidth, RIVER.north);
  const [riverEast, riverSouth] = at(RIVER.lng + RIVER.halfWidth, RIVER.south);
  const parts = [
    `<rect width="${TILE}" height="${TILE}" fill="${LAND}"/>`,
    `<rect x="${riverWest}" y="${riverNorth}" width="${Math.max(1, riverEast - riverWest)}" height="${riverSouth - riverNorth}" fill="${WATER}"/>`,
  ];
  const width = roadWidth(zoom);
  const lines = streets.map((street) => ({ street, from: at(...street.from), to: at(...street.to) }));
  for (const { from, to } of lines) {
    parts.push(
      `<line x1="${from[0]}" y1="${from[1]}" x2="${to[0]}" y2="${to[1]}" stroke="${ROAD_EDGE}" stroke-width="${width + 2}" stroke-linecap="round"/>`,
    );
  }
  for (const { from, to } of lines) {
    parts.push(
      `<line x1="${from[0]}" y1="${from[1]}" x2="${to[0]}" y2="${to[1]}" stroke="${ROAD}" stroke-width="${width}" stroke-linecap="round"/>`,
    );
  }
  if (zoom >= 16) {
    // A name in the middle of each tile a street crosses, along the street.
    for (const { street, from, to } of lines) {
      const horizontal = street.runs === "ew";
      const x = horizontal ? TILE / 2 : from[0];
      const y = horizontal ? from[1] : TILE / 2;
      const inside = horizontal
        ? y > -10 && y < TILE + 10 && Math.min(from[0], to[0]) < x && Math.max(from[0], to[0]) > x
        : x > -10 && x < TILE + 10 && Math.min(from[1], to[1]) < y && Math.max(from[1], to[1]) > y;
      if (!inside) continue;
      const rotate = horizontal ? "" : ` transform="rotate(-90 ${x} ${y})"`;
      parts.push(
        `<text x="${x}" y="${y}" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="11" fill="${LABEL}" stroke="${ROAD}" stroke-width="3" paint-order="stroke"${rotate}>${escapeXml(street.name)}</text>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}">${parts.join("")}</svg>`;
}

/** The sandbox's tiles, each rasterised once (the seeded city does not change while it runs). */
export function basemapTiles(): (zoom: number, col: number, row: number) => Promise<Buffer> {
  const streets = streetLines();
  const drawn = new Map<string, Promise<Buffer>>();
  return (zoom, col, row) => {
    const key = `${zoom}/${col}/${row}`;
    let tile = drawn.get(key);
    if (!tile) {
      tile = sharp(Buffer.from(tileSvg(zoom, col, row, streets)))
        .png({ palette: true })
        .toBuffer();
      drawn.set(key, tile);
    }
    return tile;
  };
}
