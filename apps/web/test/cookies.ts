/** Sets the XSRF-TOKEN cookie as the server does: URL-encoded. */
export function setXsrfCookie(raw: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar is what the app reads
  document.cookie = `XSRF-TOKEN=${raw}; path=/`;
}

/** Expires every cookie jsdom holds for the test origin. */
export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom's cookie jar is what the app reads
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
