// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'pdf-unlock': ['unlock', 'remove password', 'decrypt', '解锁', '移除密码', '解鎖', '移除密碼', 'ロック解除', 'パスワード解除', 'entsperren', 'Passwort entfernen', '잠금 해제', '암호 제거'],
};
