export { configCache } from './cache';
export { decodeValue, defaultConfigValue, encodeValue } from './codec';
export { SysConfig, type SysConfigRow } from './model';
export { getSiteConfig, saveSiteConfig, seedSiteConfig } from './site-config';
