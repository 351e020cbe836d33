import { describe, expect, it } from 'vitest';
import { databaseName } from './database-name';

describe('databaseName', () => {
  it('takes MONGO_DB over anything in the URL', () => {
    expect(databaseName('mongodb://127.0.0.1:27017/forum', 'other')).toBe('other');
  });

  it('takes the database named in the URL path', () => {
    expect(databaseName('mongodb://127.0.0.1:27017/forum')).toBe('forum');
    expect(databaseName('mongodb://mongo:27017/site_a?replicaSet=rs0')).toBe('site_a');
    expect(databaseName('mongodb://u:p@h1:1,h2:2/multi?authSource=admin')).toBe('multi');
    expect(databaseName('mongodb+srv://cluster.example.org/prod')).toBe('prod');
  });

  it('uses forum, not the driver fallback test, when neither names one', () => {
    expect(databaseName('mongodb://127.0.0.1:27017')).toBe('forum');
    expect(databaseName('mongodb://127.0.0.1:27017/')).toBe('forum');
    expect(databaseName('mongodb://127.0.0.1:27017/?directConnection=true')).toBe('forum');
  });
});
