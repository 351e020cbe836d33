import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@forum/contracts';
import { acceptImageFiles } from './image-files';

const image = (size = 1000) => ({ type: 'image/png', size });

describe('acceptImageFiles', () => {
  it('takes images that fit', () => {
    expect(acceptImageFiles([image(), image()], 0)).toEqual({ accepted: [image(), image()] });
  });

  it('ignores files that are not images', () => {
    expect(acceptImageFiles([{ type: 'text/plain', size: 1 }], 0).accepted).toEqual([]);
  });

  it('stops at nine images in all and says so', () => {
    const result = acceptImageFiles([image(), image(), image()], 7);
    expect(result.accepted).toHaveLength(2);
    expect(result.warning).toBe('图片最多上传9张');
  });

  it('leaves out images over the size limit', () => {
    const result = acceptImageFiles([image(UPLOAD_MAX_BYTES + 1), image()], 0);
    expect(result.accepted).toEqual([image()]);
    expect(result.warning).toBe('图片不能超过10M');
  });
});
