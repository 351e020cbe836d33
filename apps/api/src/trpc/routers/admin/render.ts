import { siteBaseUrl, topicRenderOptions } from '@forum/core';

/** The site's render options for the HTML the console shows (summaries, comments). */
export const adminRender = () => topicRenderOptions(siteBaseUrl());
