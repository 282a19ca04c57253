/**
 * docs/product.md part 2 and 8: login is unavailable, try later — in Dutch, French and
 * English at once, since it also shows before any language is chosen (the
 * gateway answers 503 `maintenance` to everything but `/api/config`).
 */
const MESSAGES = [
  {
    lang: 'nl',
    title: 'Onderhoud',
    text: 'Aanmelden is momenteel niet mogelijk wegens onderhoud. Probeer het later opnieuw.',
    retry: 'Opnieuw proberen',
  },
  {
    lang: 'fr',
    title: 'Maintenance',
    text: 'La connexion est momentanément indisponible pour maintenance. Veuillez réessayer plus tard.',
    retry: 'Réessayer',
  },
  {
    lang: 'en',
    title: 'Maintenance',
    text: 'Login is unavailable because of maintenance. Please try again later.',
    retry: 'Try again',
  },
] as const;

export default function MaintenanceScreen() {
  return (
    <section className="card narrow maintenance" aria-labelledby="maintenance-nl">
      {MESSAGES.map((m) => (
        <div key={m.lang} lang={m.lang} className="maintenance-message">
          <h1 id={`maintenance-${m.lang}`}>{m.title}</h1>
          <p>{m.text}</p>
        </div>
      ))}
      <p>
        <a className="button" href="/">
          {MESSAGES.map((m) => m.retry).join(' · ')}
        </a>
      </p>
    </section>
  );
}
