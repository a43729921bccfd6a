/** What the image tools say when a download fails: the seed's wording, which points to the single downloads. */
export const IMAGE_DOWNLOAD_FAILURES = { zip: 'image-codecs:errors.downloadAllFailed', download: 'image-codecs:errors.downloadFailed' };
