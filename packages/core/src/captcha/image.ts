import svgCaptcha from 'svg-captcha';
import sharp from 'sharp';

/**
 * svg-captcha's module export is itself the function that draws a given text (its typings only
 * declare `create`, which picks its own text). Glyphs become paths from its bundled font, so the
 * rasteriser needs no system fonts.
 */
const drawText = svgCaptcha as unknown as (
  text: string,
  options: {
    width: number;
    height: number;
    fontSize: number;
    noise: number;
    color: boolean;
    background: string;
  },
) => string;

export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 80;

/** A 240×80 PNG of the digits with noise lines, as bbs-go's captcha images are. */
export async function drawCaptcha(digits: string): Promise<Buffer> {
  const svg = drawText(digits, {
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize: 72,
    noise: 3,
    color: true,
    background: '#f4f6f8',
  });
  return sharp(Buffer.from(svg)).png().toBuffer();
}
