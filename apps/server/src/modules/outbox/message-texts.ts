import type { Language } from '@portal/contract/limits';

/** One message: its subject (unused by SMS) and body, with `{{name}}` for the values filled in. */
type Text = { subject: string; body: string };

/**
 * The texts of every message the portal sends to a person (sign-in and verification codes, set-password invitations,
 * low-stock and low-balance alerts, the mails that bring invoices), in the language of the user they are for: the
 * language the user chose in its settings, else the portal's default, German. A message to a customer's own address
 * takes its main user's language. Invoices themselves stay German (the document's language): their mail names the
 * document in the reader's language and says the files are German. German is the source: every other language
 * must have each kind (a type error otherwise, and message-texts.test.ts renders them all).
 */
const de = {
  sign_in_code: {
    subject: 'Ihr Anmeldecode',
    body: 'Ihr Anmeldecode lautet {{code}}. Er ist 10 Minuten gültig.',
  },
  verification_code: { subject: 'Ihr Bestätigungscode', body: 'Ihr Bestätigungscode lautet {{code}}.' },
  invitation: {
    subject: 'Ihr Konto: Passwort festlegen',
    body: 'Ihr Konto ist eingerichtet. Legen Sie hier Ihr Passwort fest: {{link}}',
  },
  low_stock: {
    subject: 'Niedriger Bestand: {{product}}',
    body: '{{product}} hat noch {{available}} PINs zum Verkauf, weniger als der Schwellenwert von {{threshold}}. Importieren Sie neue PINs oder ändern Sie den Schwellenwert im Dashboard.',
  },
  low_balance: {
    subject: 'Niedriges Guthaben',
    body: 'Das Guthaben von {{customer}} beträgt {{balance}} und liegt unter der Schwelle von {{trigger}}. Bitte laden Sie es auf.',
  },
  invoice_mail: {
    subject: '{{document}} {{invoice_no}}',
    body: 'Guten Tag,\n\nanbei erhalten Sie {{document}} {{invoice_no}} von {{issuer}}.\nDie PDF-Datei enthält die E-Rechnung (ZUGFeRD, EN 16931); die XML-Datei ist dieselbe Rechnung als XRechnung.',
  },
  overview_mail: {
    subject: '{{document}} {{invoice_no}}',
    body: 'Guten Tag,\n\nanbei erhalten Sie {{document}} {{invoice_no}} von {{issuer}}.\nDie Übersicht ist keine Rechnung; die aufgeführten Rechnungskorrekturen haben Sie einzeln erhalten.',
  },
} as const satisfies Record<string, Text>;

export type MessageKind = keyof typeof de;

/** The names a text fills in (`{{code}}` → 'code'), so a caller that leaves one out does not compile. */
type Slots<S extends string> = S extends `${string}{{${infer N}}}${infer Rest}` ? N | Slots<Rest> : never;
export type MessageValues<K extends MessageKind> = Record<
  Slots<(typeof de)[K]['subject'] | (typeof de)[K]['body']>,
  string
>;

/** What each kind of issued document is called in a mail (the document's own German title is invoice-titles.ts). */
const DOCUMENT_KINDS = ['invoice', 'cancellation', 'correction', 'overview'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

const CATALOGUE: Record<Language, { messages: Record<MessageKind, Text>; documents: Record<DocumentKind, string> }> = {
  de: {
    messages: de,
    documents: {
      invoice: 'Rechnung',
      cancellation: 'Stornorechnung',
      correction: 'Rechnungskorrektur',
      overview: 'Monatsübersicht Rechnungskorrekturen – keine Rechnung',
    },
  },
  en: {
    messages: {
      sign_in_code: {
        subject: 'Your sign-in code',
        body: 'Your sign-in code is {{code}}. It expires in 10 minutes.',
      },
      verification_code: { subject: 'Your verification code', body: 'Your verification code is {{code}}.' },
      invitation: {
        subject: 'Your account: set your password',
        body: 'Your account is ready. Set your password here: {{link}}',
      },
      low_stock: {
        subject: 'Low stock: {{product}}',
        body: '{{product}} has {{available}} PINs for sale, fewer than its threshold of {{threshold}}. Import new PINs or change the threshold on the dashboard.',
      },
      low_balance: {
        subject: 'Low balance',
        body: 'The balance of {{customer}} is {{balance}}, below its trigger of {{trigger}}. Please top it up.',
      },
      invoice_mail: {
        subject: '{{document}} {{invoice_no}}',
        body: 'Hello,\n\nplease find attached {{document}} {{invoice_no}} from {{issuer}}.\nThe PDF file contains the e-invoice (ZUGFeRD, EN 16931); the XML file is the same invoice as an XRechnung. The documents are in German, the language of the invoice.',
      },
      overview_mail: {
        subject: '{{document}} {{invoice_no}}',
        body: 'Hello,\n\nplease find attached {{document}} {{invoice_no}} from {{issuer}}.\nThe overview is not an invoice; you received each correction it lists separately. The document is in German, the language of the invoice.',
      },
    },
    documents: {
      invoice: 'Invoice',
      cancellation: 'Cancellation invoice',
      correction: 'Invoice correction',
      overview: 'Monthly overview of invoice corrections – not an invoice',
    },
  },
  tr: {
    messages: {
      sign_in_code: {
        subject: 'Giriş kodunuz',
        body: 'Giriş kodunuz {{code}}. Kod 10 dakika geçerlidir.',
      },
      verification_code: { subject: 'Doğrulama kodunuz', body: 'Doğrulama kodunuz {{code}}.' },
      invitation: {
        subject: 'Hesabınız: şifrenizi belirleyin',
        body: 'Hesabınız hazır. Şifrenizi buradan belirleyin: {{link}}',
      },
      low_stock: {
        subject: 'Düşük stok: {{product}}',
        body: '{{product}} için satışa hazır {{available}} PIN kaldı, {{threshold}} eşiğinin altında. Yeni PIN içe aktarın veya eşiği gösterge panelinde değiştirin.',
      },
      low_balance: {
        subject: 'Düşük bakiye',
        body: '{{customer}} bakiyesi {{balance}}, {{trigger}} eşiğinin altında. Lütfen bakiye yükleyin.',
      },
      invoice_mail: {
        subject: '{{document}} {{invoice_no}}',
        body: 'Merhaba,\n\n{{issuer}} tarafından düzenlenen {{document}} {{invoice_no}} ektedir.\nPDF dosyası e-faturayı içerir (ZUGFeRD, EN 16931); XML dosyası aynı faturanın XRechnung biçimidir. Belgeler faturanın dili olan Almancadır.',
      },
      overview_mail: {
        subject: '{{document}} {{invoice_no}}',
        body: 'Merhaba,\n\n{{issuer}} tarafından düzenlenen {{document}} {{invoice_no}} ektedir.\nÖzet bir fatura değildir; listelenen fatura düzeltmelerini ayrı ayrı aldınız. Belge faturanın dili olan Almancadır.',
      },
    },
    documents: {
      invoice: 'Fatura',
      cancellation: 'İptal faturası',
      correction: 'Fatura düzeltmesi',
      overview: 'Fatura düzeltmelerinin aylık özeti – fatura değildir',
    },
  },
  fr: {
    messages: {
      sign_in_code: {
        subject: 'Votre code de connexion',
        body: 'Votre code de connexion est {{code}}. Il est valable 10 minutes.',
      },
      verification_code: {
        subject: 'Votre code de vérification',
        body: 'Votre code de vérification est {{code}}.',
      },
      invitation: {
        subject: 'Votre compte : définissez votre mot de passe',
        body: 'Votre compte est prêt. Définissez votre mot de passe ici : {{link}}',
      },
      low_stock: {
        subject: 'Stock faible : {{product}}',
        body: 'Il reste {{available}} PIN en vente pour {{product}}, moins que son seuil de {{threshold}}. Importez de nouveaux PIN ou modifiez le seuil dans le tableau de bord.',
      },
      low_balance: {
        subject: 'Solde faible',
        body: 'Le solde de {{customer}} est de {{balance}}, sous son seuil de {{trigger}}. Veuillez le recharger.',
      },
      invoice_mail: {
        subject: '{{document}} {{invoice_no}}',
        body: 'Bonjour,\n\nveuillez trouver ci-joint {{document}} {{invoice_no}} de {{issuer}}.\nLe fichier PDF contient la facture électronique (ZUGFeRD, EN 16931) ; le fichier XML est la même facture au format XRechnung. Les documents sont en allemand, la langue de la facture.',
      },
      overview_mail: {
        subject: '{{document}} {{invoice_no}}',
        body: 'Bonjour,\n\nveuillez trouver ci-joint {{document}} {{invoice_no}} de {{issuer}}.\nLe récapitulatif n’est pas une facture ; vous avez reçu chaque correction qu’il liste séparément. Le document est en allemand, la langue de la facture.',
      },
    },
    documents: {
      invoice: 'Facture',
      cancellation: 'Facture d’annulation',
      correction: 'Facture rectificative',
      overview: 'Récapitulatif mensuel des factures rectificatives – pas une facture',
    },
  },
  nl: {
    messages: {
      sign_in_code: {
        subject: 'Uw aanmeldcode',
        body: 'Uw aanmeldcode is {{code}}. Deze is 10 minuten geldig.',
      },
      verification_code: { subject: 'Uw verificatiecode', body: 'Uw verificatiecode is {{code}}.' },
      invitation: {
        subject: 'Uw account: stel uw wachtwoord in',
        body: 'Uw account is klaar. Stel hier uw wachtwoord in: {{link}}',
      },
      low_stock: {
        subject: 'Lage voorraad: {{product}}',
        body: '{{product}} heeft nog {{available}} pincodes te koop, minder dan de drempel van {{threshold}}. Importeer nieuwe pincodes of wijzig de drempel op het dashboard.',
      },
      low_balance: {
        subject: 'Laag saldo',
        body: 'Het saldo van {{customer}} is {{balance}}, onder de drempel van {{trigger}}. Waardeer het op.',
      },
      invoice_mail: {
        subject: '{{document}} {{invoice_no}}',
        body: 'Goedendag,\n\nbijgaand ontvangt u {{document}} {{invoice_no}} van {{issuer}}.\nHet pdf-bestand bevat de e-factuur (ZUGFeRD, EN 16931); het xml-bestand is dezelfde factuur als XRechnung. De documenten zijn in het Duits, de taal van de factuur.',
      },
      overview_mail: {
        subject: '{{document}} {{invoice_no}}',
        body: 'Goedendag,\n\nbijgaand ontvangt u {{document}} {{invoice_no}} van {{issuer}}.\nHet overzicht is geen factuur; de vermelde factuurcorrecties hebt u elk afzonderlijk ontvangen. Het document is in het Duits, de taal van de factuur.',
      },
    },
    documents: {
      invoice: 'Factuur',
      cancellation: 'Annuleringsfactuur',
      correction: 'Factuurcorrectie',
      overview: 'Maandoverzicht van factuurcorrecties – geen factuur',
    },
  },
};

/** The user's stored language when it is one the portal speaks, else the default (one rule for files and messages). */
export { languageOf } from '../../platform/language.ts';

/**
 * A message's subject and body in a language, with its values filled in. A name without a value stays as it is
 * written (the types make that a compile error; the catalogue's test finds any `{{` left).
 */
export function messageText<K extends MessageKind>(language: Language, kind: K, values: MessageValues<K>) {
  const given: Record<string, string> = values;
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => given[name] ?? slot);
  const t = CATALOGUE[language].messages[kind];
  return { subject: fill(t.subject), body: fill(t.body) };
}

/** Every kind in every language, for the test that finds each filled. */
export const MESSAGE_KINDS = Object.keys(de) as MessageKind[];

/** What a kind of document is called in a mail in a language. */
export function documentName(language: Language, kind: DocumentKind): string {
  return CATALOGUE[language].documents[kind];
}
export { DOCUMENT_KINDS };

/** The kinds a language has texts for, for the test that finds none missing (the types say so too). */
export function kindsIn(language: Language): { messages: string[]; documents: string[] } {
  const c = CATALOGUE[language];
  return { messages: Object.keys(c.messages), documents: Object.keys(c.documents) };
}
