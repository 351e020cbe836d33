/** How many entries a feed carries (the newest ones). */
export const FEED_ENTRY_LIMIT = 20;
/** Length of a generated entry summary, in characters (bbs-go's feeds used 256). */
export const FEED_SUMMARY_LENGTH = 256;
/** Length of a tweet's title in a feed: tweets have no title, so the start of the text stands in. */
export const TWEET_TITLE_LENGTH = 50;
/** How many topics and how many articles the sitemap lists (the newest ones). */
export const SITEMAP_ENTRY_LIMIT = 1000;
