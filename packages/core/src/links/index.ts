export { Link, type LinkDoc } from './model';
export { createLink } from './create-link';
export { getLink } from './get-link';
export { getLinkForAdmin } from './get-link-for-admin';
export { listLinks, listTopLinks } from './list-links';
export { listLinksForAdmin, type AdminLinkQuery } from './list-links-for-admin';
export { reorderLinks } from './reorder-links';
export { updateLink } from './update-link';
export { type LinkPageResult } from './rules';
export { presentAdminLink, presentLink } from './presenters';
export {
  configureLinkDetection,
  detectLink,
  isPrivateAddress,
  readPageInfo,
  type DetectedLink,
} from './detect-link';
