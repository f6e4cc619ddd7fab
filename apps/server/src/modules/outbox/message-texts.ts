import { LANGUAGES, type Language } from '@portal/contract/limits';

/**
 * The texts of the messages the portal sends to a person (sign-in and verification codes, set-password
 * invitations), in the language of the user they are for: the language the user chose in its settings, else
 * the portal's default, German. Invoices and their mails stay German (the document's language).
 */
const TEXTS = {
  de: {
    sign_in_code: {
      subject: 'Ihr Anmeldecode',
      body: 'Ihr Anmeldecode lautet {{code}}. Er ist 10 Minuten gültig.',
    },
    verification_code: { subject: 'Ihr Bestätigungscode', body: 'Ihr Bestätigungscode lautet {{code}}.' },
    invitation: {
      subject: 'Ihr Konto: Passwort festlegen',
      body: 'Ihr Konto ist eingerichtet. Legen Sie hier Ihr Passwort fest: {{link}}',
    },
  },
  en: {
    sign_in_code: {
      subject: 'Your sign-in code',
      body: 'Your sign-in code is {{code}}. It expires in 10 minutes.',
    },
    verification_code: { subject: 'Your verification code', body: 'Your verification code is {{code}}.' },
    invitation: {
      subject: 'Your account: set your password',
      body: 'Your account is ready. Set your password here: {{link}}',
    },
  },
  tr: {
    sign_in_code: {
      subject: 'Giriş kodunuz',
      body: 'Giriş kodunuz {{code}}. Kod 10 dakika geçerlidir.',
    },
    verification_code: { subject: 'Doğrulama kodunuz', body: 'Doğrulama kodunuz {{code}}.' },
    invitation: {
      subject: 'Hesabınız: şifrenizi belirleyin',
      body: 'Hesabınız hazır. Şifrenizi buradan belirleyin: {{link}}',
    },
  },
  fr: {
    sign_in_code: {
      subject: 'Votre code de connexion',
      body: 'Votre code de connexion est {{code}}. Il est valable 10 minutes.',
    },
    verification_code: { subject: 'Votre code de vérification', body: 'Votre code de vérification est {{code}}.' },
    invitation: {
      subject: 'Votre compte : définissez votre mot de passe',
      body: 'Votre compte est prêt. Définissez votre mot de passe ici : {{link}}',
    },
  },
  nl: {
    sign_in_code: {
      subject: 'Uw aanmeldcode',
      body: 'Uw aanmeldcode is {{code}}. Deze is 10 minuten geldig.',
    },
    verification_code: { subject: 'Uw verificatiecode', body: 'Uw verificatiecode is {{code}}.' },
    invitation: {
      subject: 'Uw account: stel uw wachtwoord in',
      body: 'Uw account is klaar. Stel hier uw wachtwoord in: {{link}}',
    },
  },
} as const satisfies Record<Language, Record<string, { subject: string; body: string }>>;

export type MessageKind = keyof (typeof TEXTS)['de'];
export const DEFAULT_LANGUAGE: Language = 'de';

/** The user's stored language when it is one the portal speaks, else the default. */
export function languageOf(stored: unknown): Language {
  return LANGUAGES.find((l) => l === stored) ?? DEFAULT_LANGUAGE;
}

/** A message's subject and body in a language, with its values filled in. */
export function messageText(language: Language, kind: MessageKind, values: Record<string, string>) {
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  const t = TEXTS[language][kind];
  return { subject: fill(t.subject), body: fill(t.body) };
}

/** Every kind in every language, for the test that finds each filled. */
export const MESSAGE_KINDS = Object.keys(TEXTS.de) as MessageKind[];
