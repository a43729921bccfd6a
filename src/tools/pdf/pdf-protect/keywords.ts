// Search words in any language: loaded with the search (src/tools/keywords.ts), not with the home page.
export const keywords: Record<string, string[]> = {
  'pdf-protect': ['protect', 'password', 'encrypt', 'lock', 'aes', '加密', '密码', '密碼', '保護', 'パスワード', '暗号化', 'schützen', 'Passwort', 'verschlüsseln', '암호', '비밀번호'],
};
