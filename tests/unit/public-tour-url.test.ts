import { describe, expect, it } from 'vitest';
import { publicTourUrl } from '../../src/domain/tours/public-tour-url.js';

describe('the public tour page address', () => {
  it('is the tour path on the site host over https', () => {
    expect(publicTourUrl('www.example.com', 'danube-cycle-path')).toBe('https://www.example.com/tours/danube-cycle-path/');
  });

  it('keeps a scheme the host already has and drops trailing slashes', () => {
    expect(publicTourUrl('http://staging.example.com/', 'loire')).toBe('http://staging.example.com/tours/loire/');
  });

  it('is unknown while the site host is not an address', () => {
    expect(publicTourUrl('the website', 'loire')).toBeNull();
    expect(publicTourUrl('', 'loire')).toBeNull();
  });
});
