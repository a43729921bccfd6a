// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'image-metadata': ['exif', 'metadata', 'gps', 'location', 'privacy', 'xmp', 'iptc', 'strip', '元数据', '删除位置', '中繼資料', 'メタデータ', '位置情報', 'Metadaten', 'Standort entfernen', '메타데이터', '위치 정보'],
};
