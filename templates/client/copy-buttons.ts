/** The Copy button of code blocks (rendered hidden-until-hover by the server; it needs the clipboard). */
export function installCopyButtons(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('.copy-button');
    const code = button?.parentElement?.querySelector('pre code');
    if (!button || !code) return;
    void navigator.clipboard?.writeText(code.textContent ?? '').then(() => {
      button.textContent = 'Copied';
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    });
  });
}
