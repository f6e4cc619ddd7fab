// Shown by the service worker when a page cannot load. The language is the user's saved one.
const TEXTS = {
  de: [
    'Die Kasse ist offline',
    'Keine Verbindung zum Portal. Prüfen Sie die Internetverbindung; es wurde nichts gekauft, solange die Seite offline war.',
    'Erneut versuchen',
  ],
  en: [
    'The counter is offline',
    'There is no connection to the portal. Check the internet connection; nothing was bought while this page was offline.',
    'Try again',
  ],
  fr: [
    'La caisse est hors ligne',
    'Aucune connexion au portail. Vérifiez la connexion Internet ; rien n’a été acheté pendant que cette page était hors ligne.',
    'Réessayer',
  ],
  nl: [
    'De kassa is offline',
    'Er is geen verbinding met het portaal. Controleer de internetverbinding; er is niets gekocht zolang deze pagina offline was.',
    'Opnieuw proberen',
  ],
  tr: [
    'Kasa çevrimdışı',
    'Portala bağlantı yok. İnternet bağlantısını kontrol edin; bu sayfa çevrimdışıyken hiçbir şey satın alınmadı.',
    'Tekrar dene',
  ],
};

function savedLanguage() {
  try {
    const language = JSON.parse(localStorage.getItem('portal.settings') ?? '{}').language;
    return language in TEXTS ? language : 'de';
  } catch {
    return 'de';
  }
}

const language = savedLanguage();
const [title, text, retry] = TEXTS[language];
document.documentElement.lang = language;
document.title = title;
document.getElementById('offline-title').textContent = title;
document.getElementById('offline-text').textContent = text;
const button = document.getElementById('offline-retry');
button.textContent = retry;
button.addEventListener('click', () => location.reload());
