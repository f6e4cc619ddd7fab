import type { LegalMessages } from './de.ts';

export const legalEn: LegalMessages = {
  agb: {
    intro: 'General terms and conditions of {{organisation}} for purchasing prepaid products through this portal.',
    sections: {
      scope: {
        heading: '1. Scope',
        body: 'These terms apply to all contracts between {{organisation}} (the “provider”) and business customers who purchase prepaid products through this portal. The portal is intended exclusively for businesses within the meaning of section 14 of the German Civil Code (BGB). Deviating terms of the customer apply only if the provider agrees to them in writing.',
      },
      contract: {
        heading: '2. Customer account and conclusion of contract',
        body: 'Use of the portal requires a customer account activated by the provider. A purchase contract for a product is concluded as soon as the customer completes the order in the portal and the portal confirms its execution.',
      },
      prices: {
        heading: '3. Prices and payment',
        body: 'The prices and discounts shown in the portal at the time of the order apply. Purchases are charged to the balance of the customer account. Credit granted may be used up to the agreed credit limit and must be settled as invoiced.',
      },
      delivery: {
        heading: '4. Delivery of digital products',
        body: 'PINs, voucher codes, tickets and top-ups are provided electronically immediately after purchase. From the moment of delivery the customer is responsible for keeping the codes safe and passing them on securely.',
      },
      claims: {
        heading: '5. Claims',
        body: 'Codes that do not work must be reported without delay, at the latest 14 days after purchase, using the claims function of the portal. Justified claims are settled by replacement or a credit note. Working codes that have been delivered cannot be returned.',
      },
      liability: {
        heading: '6. Liability',
        body: 'The provider is liable without limitation for intent and gross negligence and for injury to life, body or health. In the case of slight negligence it is liable only for breach of essential contractual obligations, limited to the foreseeable damage typical for the contract.',
      },
      final: {
        heading: '7. Final provisions',
        body: 'The law of the Federal Republic of Germany applies, excluding the UN Convention on Contracts for the International Sale of Goods. Where legally permitted, the place of jurisdiction is the provider’s registered office. If any provision is invalid, the remaining provisions remain in effect.',
      },
    },
  },
  terms: {
    intro: 'Terms for using the portal of {{organisation}}.',
    sections: {
      access: {
        heading: '1. Access',
        body: 'Only activated users may use the portal. Each user signs in with their personal credentials. Sign-ins from new devices may require confirmation by code or approval by an administrator.',
      },
      credentials: {
        heading: '2. Credentials',
        body: 'Passwords and verification codes must be kept secret and must not be shared. If misuse is suspected, change the password immediately and inform support.',
      },
      use: {
        heading: '3. Permitted use',
        body: 'The portal may only be used for your own business. Automated bulk requests, attempts to bypass security mechanisms and access to other parties’ data are prohibited.',
      },
      availability: {
        heading: '4. Availability',
        body: 'The provider strives for high availability. Maintenance is carried out outside normal business hours where possible and announced in advance.',
      },
      suspension: {
        heading: '5. Sessions and suspension',
        body: 'For security reasons a session ends automatically after three hours without activity. Access may be suspended in full or in part in the event of breaches of these terms or overdue payments.',
      },
      privacy: {
        heading: '6. Data protection',
        body: 'Personal data is processed only to perform the contract and to protect the portal, in particular sign-in times, IP addresses and device information used to detect unauthorised access.',
      },
    },
  },
  impressum: {
    intro: 'Information pursuant to section 5 of the German Digital Services Act (DDG)',
    sections: {
      provider: {
        heading: 'Provider',
        body: 'This portal is operated by {{organisation}}. {{organisation}} is responsible for its content.',
      },
      disputes: {
        heading: 'Dispute resolution',
        body: 'The portal is intended exclusively for businesses. We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.',
      },
      content: {
        heading: 'Liability for content',
        body: 'The content of this portal has been prepared with the greatest care. However, we cannot guarantee that it is correct, complete and up to date.',
      },
      copyright: {
        heading: 'Copyright and trademarks',
        body: 'Texts, images and design of this portal are protected by copyright. Product names and logos are trademarks of their respective owners.',
      },
    },
  },
};
