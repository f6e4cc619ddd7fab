import type { AuditChange, AuditKind } from './audit.ts';
import { formatDate, formatDateTime, formatMoney, formatPercent } from './format.ts';
import { LANGUAGES, type Language } from './limits.ts';

/**
 * The audit trail in words, in the five languages (issue 41, decision 0141): what changed (the table as a kind, each
 * recorded column as the form calls it), who changed it (a user by name, a job, the seed, a migration) and each value
 * as the forms show it (money with decimal comma and €, percentages, flags as Ja/Nein, a secret's change as an event).
 * One home for the web app's "Changes" tab and log and the server's CSV/XLSX export of the log, so a screen and its
 * file always say the same. A test (modules/audit/audit-words.test.ts) fails on a recorded column without a word.
 */

/** Five words, in the order of LANGUAGES' reference: de, en, tr, fr, nl. */
type Five = readonly [de: string, en: string, tr: string, fr: string, nl: string];

const KINDS: Record<AuditKind, Five> = {
  customers: ['Kunde', 'Customer', 'Müşteri', 'Client', 'Klant'],
  users: ['Benutzer', 'User', 'Kullanıcı', 'Utilisateur', 'Gebruiker'],
  user_devices: ['Anmeldegerät', 'Sign-in device', 'Giriş cihazı', 'Appareil de connexion', 'Aanmeldapparaat'],
  password_invitations: [
    'Passwort-Link',
    'Password link',
    'Şifre bağlantısı',
    'Lien de mot de passe',
    'Wachtwoordlink',
  ],
  registrations: ['Registrierung', 'Registration', 'Kayıt', 'Inscription', 'Registratie'],
  staff_assignments: [
    'Mitarbeiterzuweisung',
    'Staff assignment',
    'Personel ataması',
    'Affectation du personnel',
    'Medewerkertoewijzing',
  ],
  product_assignments: [
    'Produktzuweisung',
    'Product assignment',
    'Ürün ataması',
    'Affectation de produit',
    'Producttoewijzing',
  ],
  discount_slabs: ['Rabattstaffel', 'Discount slab', 'İndirim kademesi', 'Palier de remise', 'Kortingsstaffel'],
  discount_slab_items: ['Staffelrabatt', 'Slab discount', 'Kademe indirimi', 'Remise du palier', 'Staffelkorting'],
  dynamic_products: [
    'Anbieterprodukt',
    'Provider product',
    'Sağlayıcı ürünü',
    'Produit fournisseur',
    'Aanbiedersproduct',
  ],
  dynamic_product_discounts: [
    'Anbieterprodukt-Rabatt',
    'Provider product discount',
    'Sağlayıcı ürünü indirimi',
    'Remise produit fournisseur',
    'Korting aanbiedersproduct',
  ],
  dynamic_product_offers: [
    'Anbieterprodukt-Angebot',
    'Provider product offer',
    'Sağlayıcı ürünü teklifi',
    'Offre produit fournisseur',
    'Aanbod aanbiedersproduct',
  ],
  provider_discounts: [
    'Anbieterrabatt',
    'Provider discount',
    'Sağlayıcı indirimi',
    'Remise fournisseur',
    'Aanbiederskorting',
  ],
  provider_vat_treatments: [
    'Umsatzsteuer des Anbieters',
    'Provider VAT',
    'Sağlayıcı KDV’si',
    'TVA du fournisseur',
    'Btw van aanbieder',
  ],
  products: ['Produkt', 'Product', 'Ürün', 'Produit', 'Product'],
  product_configurations: ['Nennwert', 'Denomination', 'Nominal değer', 'Valeur faciale', 'Nominale waarde'],
  pools: ['PIN-Pool', 'PIN pool', 'PIN havuzu', 'Pool de PIN', 'PIN-pool'],
  inventory_imports: ['PIN-Import', 'PIN import', 'PIN içe aktarma', 'Import de PIN', 'PIN-import'],
  suppliers: ['Lieferant', 'Supplier', 'Tedarikçi', 'Fournisseur', 'Leverancier'],
  api_keys: ['API-Schlüssel', 'API key', 'API anahtarı', 'Clé API', 'API-sleutel'],
  partner_webhooks: ['Webhook', 'Webhook', 'Webhook', 'Webhook', 'Webhook'],
  devices: ['Gerät', 'Device', 'Cihaz', 'Appareil', 'Apparaat'],
  shop_terminals: ['Terminal', 'Terminal', 'Terminal', 'Terminal', 'Terminal'],
  shop_support_ids: ['Support-ID', 'Support ID', 'Destek kimliği', 'Identifiant d’assistance', 'Support-ID'],
  organisations: ['Organisation', 'Organisation', 'Organizasyon', 'Organisation', 'Organisatie'],
  organisation_hosts: ['Domain', 'Domain', 'Alan adı', 'Domaine', 'Domein'],
  bank_name_mappings: [
    'Zahlerzuordnung',
    'Payer mapping',
    'Ödeyen eşleştirmesi',
    'Correspondance payeur',
    'Betalerkoppeling',
  ],
  hardware_categories: [
    'Hardware-Kategorie',
    'Hardware category',
    'Donanım kategorisi',
    'Catégorie de matériel',
    'Hardwarecategorie',
  ],
  hardware_products: ['Hardware-Produkt', 'Hardware product', 'Donanım ürünü', 'Produit matériel', 'Hardwareproduct'],
  datev_settings: ['DATEV-Einstellungen', 'DATEV settings', 'DATEV ayarları', 'Paramètres DATEV', 'DATEV-instellingen'],
};

/** Every recorded column of every audited table (a secret's without its `~`), as its form calls it. */
const FIELDS = {
  organisation_id: ['Organisation', 'Organisation', 'Organizasyon', 'Organisation', 'Organisatie'],
  parent_id: ['Übergeordneter Kunde', 'Parent customer', 'Üst müşteri', 'Client parent', 'Bovenliggende klant'],
  account_role: ['Kontoart', 'Account type', 'Hesap türü', 'Type de compte', 'Accounttype'],
  name: ['Name', 'Name', 'Ad', 'Nom', 'Naam'],
  is_active: ['Aktiv', 'Active', 'Etkin', 'Actif', 'Actief'],
  enable_otp: ['Anmeldung mit OTP', 'Sign-in with OTP', 'OTP ile giriş', 'Connexion par OTP', 'Aanmelden met OTP'],
  features: ['Funktionen', 'Features', 'Özellikler', 'Fonctions', 'Functies'],
  credit_limit: ['Kreditlimit', 'Credit limit', 'Kredi limiti', 'Limite de crédit', 'Kredietlimiet'],
  address: ['Adresse', 'Address', 'Adres', 'Adresse', 'Adres'],
  organisation_type: [
    'Organisationsart',
    'Organisation type',
    'Organizasyon türü',
    'Type d’organisation',
    'Organisatietype',
  ],
  email: ['E-Mail', 'Email', 'E-posta', 'E-mail', 'E-mail'],
  balance_trigger: ['Auslöseschwelle', 'Balance trigger', 'Bakiye eşiği', 'Seuil de déclenchement', 'Drempelsaldo'],
  balance_topup: ['Aufladebetrag', 'Balance top-up', 'Yükleme tutarı', 'Montant de recharge', 'Opwaardeerbedrag'],
  auto_credit: ['Automatischer Kredit', 'Auto credit', 'Otomatik kredi', 'Crédit automatique', 'Automatisch krediet'],
  low_balance_notice: [
    'Hinweis bei niedrigem Guthaben',
    'Low balance notice',
    'Düşük bakiye bildirimi',
    'Avis de solde bas',
    'Melding bij laag saldo',
  ],
  discount_slab_id: ['Rabattstaffel', 'Discount slab', 'İndirim kademesi', 'Palier de remise', 'Kortingsstaffel'],
  sub_domain: ['Subdomain', 'Subdomain', 'Alt alan adı', 'Sous-domaine', 'Subdomein'],
  alternative_mobiles: [
    'Weitere Mobilnummern',
    'Other mobile numbers',
    'Diğer cep numaraları',
    'Autres mobiles',
    'Andere mobiele nummers',
  ],
  sms_sender_id: ['SMS-Absender', 'SMS sender', 'SMS gönderici', 'Expéditeur SMS', 'SMS-afzender'],
  invoice_logo: ['Rechnungslogo', 'Invoice logo', 'Fatura logosu', 'Logo de facture', 'Factuurlogo'],
  invoice_header_image: ['Rechnungskopf', 'Invoice header', 'Fatura başlığı', 'En-tête de facture', 'Factuurkop'],
  invoice_footer_image: ['Rechnungsfuß', 'Invoice footer', 'Fatura altbilgisi', 'Pied de facture', 'Factuurvoet'],
  login_logo: ['Anmeldelogo', 'Sign-in logo', 'Giriş logosu', 'Logo de connexion', 'Aanmeldlogo'],
  shop_type: ['Shop-Art', 'Shop type', 'Mağaza türü', 'Type de boutique', 'Winkeltype'],
  shop_timings: ['Öffnungszeiten', 'Opening hours', 'Çalışma saatleri', 'Horaires d’ouverture', 'Openingstijden'],
  holidays: ['Ruhetage', 'Closing days', 'Tatil günleri', 'Jours de fermeture', 'Sluitingsdagen'],
  lunch: ['Mittagspause', 'Lunch break', 'Öğle arası', 'Pause déjeuner', 'Middagpauze'],
  mask_seller_discount: [
    'Shop-Rabatt verbergen',
    'Hide shop discount',
    'Mağaza indirimini gizle',
    'Masquer la remise boutique',
    'Winkelkorting verbergen',
  ],
  terminal_limit: ['Terminal-Limit', 'Terminal limit', 'Terminal sınırı', 'Limite de terminaux', 'Terminallimiet'],
  otp_channel: ['OTP-Kanal', 'OTP channel', 'OTP kanalı', 'Canal OTP', 'OTP-kanaal'],
  remarks: ['Bemerkungen', 'Remarks', 'Notlar', 'Remarques', 'Opmerkingen'],
  api_enabled: ['API freigeschaltet', 'API enabled', 'API etkin', 'API activée', 'API ingeschakeld'],
  api_allowed_ips: [
    'Erlaubte IP-Adressen',
    'Allowed IP addresses',
    'İzin verilen IP adresleri',
    'Adresses IP autorisées',
    'Toegestane IP-adressen',
  ],
  api_callback_url: ['Callback-URL', 'Callback URL', 'Geri çağırma URL’si', 'URL de rappel', 'Callback-URL'],
  stopped_at: ['Gesperrt am', 'Stopped on', 'Durdurulma zamanı', 'Bloqué le', 'Geblokkeerd op'],
  legal_name: ['Firmenname', 'Legal name', 'Ticari unvan', 'Raison sociale', 'Statutaire naam'],
  vat_id: ['USt-IdNr.', 'VAT ID', 'KDV numarası', 'N° de TVA', 'Btw-id'],
  tax_number: ['Steuernummer', 'Tax number', 'Vergi numarası', 'Numéro fiscal', 'Belastingnummer'],
  legal_form: ['Rechtsform', 'Legal form', 'Hukuki biçim', 'Forme juridique', 'Rechtsvorm'],
  seat: ['Sitz', 'Registered office', 'Merkez', 'Siège', 'Statutaire zetel'],
  economic_id: [
    'Wirtschafts-IdNr.',
    'Economic ID',
    'Ekonomik kimlik no.',
    'N° d’identification économique',
    'Economisch id-nr.',
  ],
  register_court: ['Registergericht', 'Register court', 'Sicil mahkemesi', 'Tribunal du registre', 'Registerrechtbank'],
  register_type: ['Registerart', 'Register type', 'Sicil türü', 'Type de registre', 'Registertype'],
  register_number: [
    'Registernummer',
    'Register number',
    'Sicil numarası',
    'Numéro d’immatriculation',
    'Registernummer',
  ],
  managing_directors: ['Geschäftsführung', 'Managing directors', 'Yöneticiler', 'Dirigeants', 'Bestuurders'],
  gln: ['GLN', 'GLN', 'GLN', 'GLN', 'GLN'],
  iban: ['IBAN', 'IBAN', 'IBAN', 'IBAN', 'IBAN'],
  bic: ['BIC', 'BIC', 'BIC', 'BIC', 'BIC'],
  customer_id: ['Kunde', 'Customer', 'Müşteri', 'Client', 'Klant'],
  username: ['Benutzername', 'Username', 'Kullanıcı adı', 'Nom d’utilisateur', 'Gebruikersnaam'],
  password_hash: ['Passwort', 'Password', 'Şifre', 'Mot de passe', 'Wachtwoord'],
  mobile: ['Mobilnummer', 'Mobile number', 'Cep telefonu', 'Mobile', 'Mobiel nummer'],
  internal_role: ['Rolle', 'Role', 'Rol', 'Rôle', 'Rol'],
  is_main: ['Hauptbenutzer', 'Main user', 'Ana kullanıcı', 'Utilisateur principal', 'Hoofdgebruiker'],
  enable_web_view: ['Webansicht', 'Web view', 'Web görünümü', 'Vue web', 'Webweergave'],
  require_device_approval: [
    'Gerätefreigabe nötig',
    'Device approval required',
    'Cihaz onayı gerekli',
    'Approbation de l’appareil requise',
    'Apparaatgoedkeuring vereist',
  ],
  job_role: ['Tätigkeit', 'Job role', 'Görev', 'Fonction', 'Functie'],
  user_id: ['Benutzer', 'User', 'Kullanıcı', 'Utilisateur', 'Gebruiker'],
  fingerprint_hash: [
    'Gerätekennung',
    'Device fingerprint',
    'Cihaz parmak izi',
    'Empreinte de l’appareil',
    'Apparaatvingerafdruk',
  ],
  approved_at: ['Freigegeben am', 'Approved on', 'Onay zamanı', 'Approuvé le', 'Goedgekeurd op'],
  otp_hash: ['Einmalcode', 'One-time code', 'Tek kullanımlık kod', 'Code à usage unique', 'Eenmalige code'],
  expires_at: ['Gültig bis', 'Valid until', 'Geçerlilik sonu', 'Valable jusqu’au', 'Geldig tot'],
  used_at: ['Verwendet am', 'Used on', 'Kullanım zamanı', 'Utilisé le', 'Gebruikt op'],
  shop_name: ['Shop-Name', 'Shop name', 'Mağaza adı', 'Nom de la boutique', 'Winkelnaam'],
  status: ['Status', 'Status', 'Durum', 'Statut', 'Status'],
  reject_reason: ['Ablehnungsgrund', 'Reason for rejection', 'Red nedeni', 'Motif du refus', 'Reden van afwijzing'],
  decided_by: ['Entschieden von', 'Decided by', 'Karar veren', 'Décidé par', 'Besloten door'],
  staff_user_id: ['Mitarbeiter', 'Staff member', 'Personel', 'Employé', 'Medewerker'],
  assigned_by: ['Zugewiesen von', 'Assigned by', 'Atayan', 'Affecté par', 'Toegewezen door'],
  configuration_id: ['Nennwert', 'Denomination', 'Nominal değer', 'Valeur faciale', 'Nominale waarde'],
  owner_customer_id: ['Eigentümer', 'Owner', 'Sahibi', 'Propriétaire', 'Eigenaar'],
  slab_id: ['Rabattstaffel', 'Discount slab', 'İndirim kademesi', 'Palier de remise', 'Kortingsstaffel'],
  discount: ['Rabatt', 'Discount', 'İndirim', 'Remise', 'Korting'],
  provider: ['Anbieter', 'Provider', 'Sağlayıcı', 'Fournisseur', 'Aanbieder'],
  provider_product_id: [
    'Produkt-ID des Anbieters',
    'Provider’s product ID',
    'Sağlayıcı ürün kimliği',
    'ID produit du fournisseur',
    'Product-id van aanbieder',
  ],
  product_type: ['Produkttyp', 'Product type', 'Ürün türü', 'Type de produit', 'Producttype'],
  face_value: ['Nennwert', 'Face value', 'Nominal değer', 'Valeur faciale', 'Nominale waarde'],
  enabled: ['Freigeschaltet', 'Enabled', 'Etkin', 'Activé', 'Ingeschakeld'],
  dynamic_product_id: [
    'Anbieterprodukt',
    'Provider product',
    'Sağlayıcı ürünü',
    'Produit fournisseur',
    'Aanbiedersproduct',
  ],
  offered: ['Angeboten', 'Offered', 'Sunuluyor', 'Proposé', 'Aangeboden'],
  valid_from: ['Gültig ab', 'Valid from', 'Geçerlilik başlangıcı', 'Valable à partir du', 'Geldig vanaf'],
  treatment: ['Umsatzsteuerliche Behandlung', 'VAT treatment', 'KDV uygulaması', 'Régime de TVA', 'Btw-behandeling'],
  vat_rate: ['Umsatzsteuersatz', 'VAT rate', 'KDV oranı', 'Taux de TVA', 'Btw-tarief'],
  carrier: ['Netzbetreiber', 'Carrier', 'Operatör', 'Opérateur', 'Netwerkaanbieder'],
  set_by: ['Gesetzt von', 'Set by', 'Ayarlayan', 'Défini par', 'Ingesteld door'],
  product_name: ['Produktname', 'Product name', 'Ürün adı', 'Nom du produit', 'Productnaam'],
  pin_length: ['PIN-Länge', 'PIN length', 'PIN uzunluğu', 'Longueur du PIN', 'PIN-lengte'],
  customer_care: ['Kundenservice', 'Customer care', 'Müşteri hizmetleri', 'Service client', 'Klantenservice'],
  instructions: ['Anleitung', 'Instructions', 'Talimatlar', 'Instructions d’utilisation', 'Instructies'],
  product_image: ['Produktbild', 'Product image', 'Ürün görseli', 'Image du produit', 'Productafbeelding'],
  is_configuration: [
    'Mit Nennwerten',
    'Has denominations',
    'Nominal değerli',
    'Avec valeurs faciales',
    'Met nominale waarden',
  ],
  vat_treatment: [
    'Umsatzsteuerliche Behandlung',
    'VAT treatment',
    'KDV uygulaması',
    'Régime de TVA',
    'Btw-behandeling',
  ],
  product_id: ['Produkt', 'Product', 'Ürün', 'Produit', 'Product'],
  value: ['Wert', 'Value', 'Değer', 'Valeur', 'Waarde'],
  info: ['Info', 'Info', 'Bilgi', 'Info', 'Info'],
  low_stock_threshold: [
    'Mindestbestand',
    'Low stock threshold',
    'Düşük stok eşiği',
    'Seuil de stock bas',
    'Minimale voorraad',
  ],
  kind: ['Art', 'Kind', 'Tür', 'Type', 'Soort'],
  file_name: ['Dateiname', 'File name', 'Dosya adı', 'Nom du fichier', 'Bestandsnaam'],
  supplier_id: ['Lieferant', 'Supplier', 'Tedarikçi', 'Fournisseur', 'Leverancier'],
  buying_discount: ['Einkaufsrabatt', 'Buying discount', 'Alış indirimi', 'Remise d’achat', 'Inkoopkorting'],
  imported_pins: ['Importierte PINs', 'Imported PINs', 'İçe aktarılan PIN’ler', 'PIN importés', 'Geïmporteerde PIN’s'],
  published: ['Veröffentlicht', 'Published', 'Yayınlandı', 'Publié', 'Gepubliceerd'],
  approved_by: ['Freigegeben von', 'Approved by', 'Onaylayan', 'Approuvé par', 'Goedgekeurd door'],
  full_name: ['Vollständiger Name', 'Full name', 'Tam ad', 'Nom complet', 'Volledige naam'],
  company: ['Firma', 'Company', 'Şirket', 'Société', 'Bedrijf'],
  telephone: ['Telefon', 'Telephone', 'Telefon', 'Téléphone', 'Telefoon'],
  city: ['Ort', 'City', 'Şehir', 'Ville', 'Plaats'],
  postalcode: ['Postleitzahl', 'Postcode', 'Posta kodu', 'Code postal', 'Postcode'],
  country: ['Land', 'Country', 'Ülke', 'Pays', 'Land'],
  ustidnr: ['USt-IdNr.', 'VAT ID', 'KDV numarası', 'N° de TVA', 'Btw-id'],
  stnr: ['Steuernummer', 'Tax number', 'Vergi numarası', 'Numéro fiscal', 'Belastingnummer'],
  key_prefix: ['Schlüsselanfang', 'Key prefix', 'Anahtar öneki', 'Préfixe de la clé', 'Sleutelprefix'],
  created_by: ['Angelegt von', 'Created by', 'Oluşturan', 'Créé par', 'Aangemaakt door'],
  revoked_at: ['Widerrufen am', 'Revoked on', 'İptal zamanı', 'Révoqué le', 'Ingetrokken op'],
  revoked_by: ['Widerrufen von', 'Revoked by', 'İptal eden', 'Révoqué par', 'Ingetrokken door'],
  secret_ciphertext: [
    'Signaturschlüssel',
    'Signing secret',
    'İmza anahtarı',
    'Secret de signature',
    'Ondertekeningsgeheim',
  ],
  rotated_by: ['Erneuert von', 'Rotated by', 'Yenileyen', 'Renouvelé par', 'Vernieuwd door'],
  tag: ['Kennzeichen', 'Tag', 'Etiket', 'Étiquette', 'Label'],
  serial_no: ['Seriennummer', 'Serial number', 'Seri numarası', 'Numéro de série', 'Serienummer'],
  reseller_id: ['Händler', 'Reseller', 'Bayi', 'Revendeur', 'Wederverkoper'],
  shop_id: ['Shop', 'Shop', 'Mağaza', 'Boutique', 'Winkel'],
  deleted_at: ['Gelöscht am', 'Deleted on', 'Silinme zamanı', 'Supprimé le', 'Verwijderd op'],
  terminal_id: ['Terminal-ID', 'Terminal ID', 'Terminal kimliği', 'ID du terminal', 'Terminal-id'],
  support_id: ['Support-ID', 'Support ID', 'Destek kimliği', 'Identifiant d’assistance', 'Support-id'],
  logo: ['Logo', 'Logo', 'Logo', 'Logo', 'Logo'],
  support_email: ['Support-E-Mail', 'Support email', 'Destek e-postası', 'E-mail d’assistance', 'Support-e-mail'],
  support_phone: ['Support-Telefon', 'Support phone', 'Destek telefonu', 'Téléphone d’assistance', 'Supporttelefoon'],
  support_text: ['Support-Hinweis', 'Support note', 'Destek notu', 'Note d’assistance', 'Supportnotitie'],
  host: ['Host', 'Host', 'Ana makine', 'Hôte', 'Host'],
  match_key: ['Suchschlüssel', 'Match key', 'Eşleştirme anahtarı', 'Clé de correspondance', 'Zoeksleutel'],
  payer_name: ['Name des Zahlers', 'Payer name', 'Ödeyen adı', 'Nom du payeur', 'Naam betaler'],
  payer_iban: ['IBAN des Zahlers', 'Payer IBAN', 'Ödeyen IBAN', 'IBAN du payeur', 'IBAN betaler'],
  description: ['Beschreibung', 'Description', 'Açıklama', 'Description', 'Beschrijving'],
  image_file_id: ['Bild', 'Image', 'Görsel', 'Image', 'Afbeelding'],
  category_id: ['Kategorie', 'Category', 'Kategori', 'Catégorie', 'Categorie'],
  price: ['Preis', 'Price', 'Fiyat', 'Prix', 'Prijs'],
  stock: ['Bestand', 'Stock', 'Stok', 'Stock', 'Voorraad'],
  chart: ['Kontenrahmen', 'Chart of accounts', 'Hesap planı', 'Plan comptable', 'Rekeningschema'],
  consultant_number: [
    'Beraternummer',
    'Adviser number',
    'Danışman numarası',
    'Numéro de conseiller',
    'Adviseursnummer',
  ],
  client_number: ['Mandantennummer', 'Client number', 'Müşteri numarası', 'Numéro de mandant', 'Cliëntnummer'],
  fiscal_year_start_month: [
    'Beginn des Wirtschaftsjahres',
    'Start of the fiscal year',
    'Mali yıl başlangıcı',
    'Début de l’exercice',
    'Begin van het boekjaar',
  ],
  accounts: ['Konten', 'Accounts', 'Hesaplar', 'Comptes', 'Rekeningen'],
} satisfies Record<string, Five>;

const ACTIONS = {
  insert: ['Angelegt', 'Created', 'Oluşturuldu', 'Créé', 'Aangemaakt'],
  update: ['Geändert', 'Changed', 'Değiştirildi', 'Modifié', 'Gewijzigd'],
  delete: ['Gelöscht', 'Deleted', 'Silindi', 'Supprimé', 'Verwijderd'],
} satisfies Record<AuditChange['action'], Five>;

/** Who acted, when it was no signed-in user: `{{name}}` is the job's, the resumed work's or the tool's name. */
const ACTORS = {
  user: ['Benutzer {{name}}', 'User {{name}}', 'Kullanıcı {{name}}', 'Utilisateur {{name}}', 'Gebruiker {{name}}'],
  api_key: [
    'Partner-API ({{name}})',
    'Partner API ({{name}})',
    'İş ortağı API ({{name}})',
    'API partenaire ({{name}})',
    'Partner-API ({{name}})',
  ],
  public: [
    'Öffentlich (Anmeldung)',
    'Public (sign-in)',
    'Herkese açık (giriş)',
    'Public (connexion)',
    'Openbaar (aanmelding)',
  ],
  seed: ['Demo-Daten', 'Demo data', 'Demo verileri', 'Données de démo', 'Demogegevens'],
  migration: ['Migration', 'Migration', 'Veri geçişi', 'Migration', 'Migratie'],
  job: ['Job: {{name}}', 'Job: {{name}}', 'İş: {{name}}', 'Tâche : {{name}}', 'Taak: {{name}}'],
  resume: [
    'Wiederaufnahme: {{name}}',
    'Resumed: {{name}}',
    'Devam: {{name}}',
    'Reprise : {{name}}',
    'Hervat: {{name}}',
  ],
  tool: ['Werkzeug: {{name}}', 'Tool: {{name}}', 'Araç: {{name}}', 'Outil : {{name}}', 'Hulpmiddel: {{name}}'],
} satisfies Record<string, Five>;

/** A secret's or an image's change, recorded without its value (`{{field}}` is the field's word). */
const EVENTS = {
  set: ['{{field}} gesetzt', '{{field}} set', '{{field}} ayarlandı', '{{field}} défini', '{{field}} ingesteld'],
  reset: [
    '{{field}} zurückgesetzt',
    '{{field}} reset',
    '{{field}} sıfırlandı',
    '{{field}} réinitialisé',
    '{{field}} opnieuw ingesteld',
  ],
  removed: [
    '{{field}} entfernt',
    '{{field}} removed',
    '{{field}} kaldırıldı',
    '{{field}} supprimé',
    '{{field}} verwijderd',
  ],
} satisfies Record<'set' | 'reset' | 'removed', Five>;

/** Coded values the forms show as words. */
const VALUES = {
  yes: ['Ja', 'Yes', 'Evet', 'Oui', 'Ja'],
  no: ['Nein', 'No', 'Hayır', 'Non', 'Nee'],
  role_0: ['Superadmin', 'Superadmin', 'Süper yönetici', 'Super-administrateur', 'Superbeheerder'],
  role_1: ['Händler', 'Reseller', 'Bayi', 'Revendeur', 'Wederverkoper'],
  role_2: ['Shop', 'Shop', 'Mağaza', 'Boutique', 'Winkel'],
  role_3: ['Web-Support', 'Web support', 'Web desteği', 'Support web', 'Websupport'],
  internal_0: [
    'Hauptkonto oder Manager',
    'Main account or manager',
    'Ana hesap veya yönetici',
    'Compte principal ou responsable',
    'Hoofdaccount of manager',
  ],
  internal_1: ['Mitarbeiter', 'Staff member', 'Personel', 'Employé', 'Medewerker'],
  channel_none: ['Keiner', 'None', 'Yok', 'Aucun', 'Geen'],
  channel_email: ['E-Mail', 'Email', 'E-posta', 'E-mail', 'E-mail'],
  channel_sms: ['SMS', 'SMS', 'SMS', 'SMS', 'SMS'],
  type_cash_card: ['Cash-Karte', 'Cash card', 'Nakit kart', 'Carte cash', 'Cashkaart'],
  type_gift_card: ['Geschenkkarte', 'Gift card', 'Hediye kartı', 'Carte cadeau', 'Cadeaukaart'],
  type_calling_card: ['Telefonkarte', 'Calling card', 'Telefon kartı', 'Carte téléphonique', 'Belkaart'],
} satisfies Record<string, Five>;

/** The columns of the log and its export. */
const COLUMNS = {
  number: ['Nr.', 'No.', 'No.', 'N°', 'Nr.'],
  at: ['Zeitpunkt', 'Time', 'Zaman', 'Date et heure', 'Tijdstip'],
  actor: ['Wer', 'Who', 'Kim', 'Qui', 'Wie'],
  customer: ['Kunde', 'Customer', 'Müşteri', 'Client', 'Klant'],
  kind: ['Was', 'What', 'Ne', 'Quoi', 'Wat'],
  record: ['Datensatz', 'Record', 'Kayıt', 'Enregistrement', 'Record'],
  action: ['Aktion', 'Action', 'İşlem', 'Action', 'Actie'],
  field: ['Feld', 'Field', 'Alan', 'Champ', 'Veld'],
  before: ['Vorher', 'Before', 'Önce', 'Avant', 'Voor'],
  after: ['Nachher', 'After', 'Sonra', 'Après', 'Na'],
  request: ['Anfrage', 'Request', 'İstek', 'Requête', 'Verzoek'],
  changes: ['Änderungen', 'Changes', 'Değişiklikler', 'Modifications', 'Wijzigingen'],
  sheet: ['Änderungsprotokoll', 'Change log', 'Değişiklik günlüğü', 'Journal des modifications', 'Wijzigingslogboek'],
} satisfies Record<string, Five>;

type Words<T> = { readonly [K in keyof T]: string };
export interface AuditWords {
  kinds: Words<typeof KINDS>;
  fields: Words<typeof FIELDS>;
  actions: Words<typeof ACTIONS>;
  actors: Words<typeof ACTORS>;
  events: Words<typeof EVENTS>;
  values: Words<typeof VALUES>;
  columns: Words<typeof COLUMNS>;
}

const ORDER: readonly Language[] = ['de', 'en', 'tr', 'fr', 'nl'];
function pick<T extends Record<string, Five>>(table: T, index: number): Words<T> {
  return Object.fromEntries(Object.entries(table).map(([k, five]) => [k, five[index]])) as Words<T>;
}

export const AUDIT_WORDS = Object.fromEntries(
  LANGUAGES.map((language) => {
    const i = ORDER.indexOf(language);
    const words: AuditWords = {
      kinds: pick(KINDS, i),
      fields: pick(FIELDS, i),
      actions: pick(ACTIONS, i),
      actors: pick(ACTORS, i),
      events: pick(EVENTS, i),
      values: pick(VALUES, i),
      columns: pick(COLUMNS, i),
    };
    return [language, words];
  }),
) as Record<Language, AuditWords>;

export const auditWords = (language: string): AuditWords =>
  AUDIT_WORDS[(LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'de'];

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** How a recorded value is shown, where it is more than its text: per `table.column`, or per column in any table. */
type ValueKind = 'money' | 'percent' | 'time' | 'date' | 'role' | 'internalRole' | 'channel' | 'productType';
const VALUE_KINDS: Record<string, ValueKind> = {
  'customers.credit_limit': 'money',
  'customers.balance_trigger': 'money',
  'customers.balance_topup': 'money',
  'dynamic_products.face_value': 'money',
  'hardware_products.price': 'money',
  'product_configurations.value': 'money',
  discount: 'percent',
  buying_discount: 'percent',
  vat_rate: 'percent',
  stopped_at: 'time',
  approved_at: 'time',
  expires_at: 'time',
  used_at: 'time',
  revoked_at: 'time',
  deleted_at: 'time',
  valid_from: 'date',
  account_role: 'role',
  internal_role: 'internalRole',
  low_balance_notice: 'channel',
  otp_channel: 'channel',
  product_type: 'productType',
};

/** A field's word (its column's name as its form calls it; an unknown column as it is). */
export function auditFieldWord(column: string, language: string): string {
  return (auditWords(language).fields as Record<string, string>)[column] ?? column;
}

/** A kind (table) in words; one the list does not know as it is. */
export function auditKindWord(kind: string, language: string): string {
  return (auditWords(language).kinds as Record<string, string>)[kind] ?? kind;
}

/** The placeholder of a missing value (a new record's "before", a deleted one's "after", a null). */
export const NO_VALUE = '—';

/** One recorded value as the forms show it: money as `1.234,56 €`, `6,00 %`, flags as Ja/Nein, Berlin times. */
export function auditValue(table: string, column: string, value: unknown, language: string): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  const words = auditWords(language);
  if (typeof value === 'boolean') return value ? words.values.yes : words.values.no;
  if (Array.isArray(value))
    return value.length === 0 ? NO_VALUE : value.map((v) => auditValue(table, column, v, language)).join(', ');
  if (typeof value === 'object') return objectText(value as Record<string, unknown>);
  const text = String(value);
  const values = words.values as Record<string, string>;
  switch (VALUE_KINDS[`${table}.${column}`] ?? VALUE_KINDS[column]) {
    case 'money':
      return formatMoney(text, 'EUR', language);
    case 'percent':
      return formatPercent(text);
    case 'time':
      return formatDateTime(text, language);
    case 'date':
      return formatDate(`${text.slice(0, 10)}T12:00:00Z`, language);
    case 'role':
      return values[`role_${text}`] ?? text;
    case 'internalRole':
      return values[`internal_${text}`] ?? text;
    case 'channel':
      return values[`channel_${text}`] ?? text;
    case 'productType':
      return values[`type_${text}`] ?? text;
    default:
      return text;
  }
}

/** A postal address as a form shows it (`Hauptstr. 5, 10115 Berlin`); another object by its filled values. */
function objectText(o: Record<string, unknown>): string {
  const text = (v: unknown) =>
    v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v).trim();
  const join = (parts: string[], by: string) => parts.filter((p) => p !== '').join(by);
  const shown =
    'city' in o || 'postal' in o
      ? join(
          [join([text(o.address), text(o.house_no)], ' '), join([text(o.postal), text(o.city)], ' '), text(o.country)],
          ', ',
        )
      : join(Object.values(o).map(text), ', ');
  return shown === '' ? NO_VALUE : shown;
}

/** One field's change in words: its word, before and after as the forms show them, or its event. */
export interface AuditFieldText {
  column: string;
  field: string;
  /** The event said whole (`Passwort zurückgesetzt`), for a secret or image recorded without a value. */
  event: string | null;
  before: string;
  after: string;
}

/** Every changed field of a change, in words, in the order the trail recorded them. */
export function auditFieldTexts(change: Pick<AuditChange, 'kind' | 'changes'>, language: string): AuditFieldText[] {
  const words = auditWords(language);
  return Object.entries(change.changes).map(([column, c]) => {
    const field = auditFieldWord(column, language);
    return {
      column,
      field,
      event: c.event ? fill(words.events[c.event], { field }) : null,
      before: auditValue(change.kind, column, c.before, language),
      after: auditValue(change.kind, column, c.after, language),
    };
  });
}

/** Who made a change, in words: a user by name, the partner API, the public, a job, the seed, a migration, a tool. */
export function auditActorText(
  change: Pick<AuditChange, 'actor_name' | 'actor_user_id' | 'actor_user_name'>,
  language: string,
): string {
  const a = auditWords(language).actors;
  const who = change.actor_user_name ?? (change.actor_user_id === null ? '' : `#${change.actor_user_id}`);
  const name = change.actor_name;
  if (name === 'user') return change.actor_user_name ?? fill(a.user, { name: who });
  if (name === 'api_key') return fill(a.api_key, { name: who });
  if (name === 'public') return a.public;
  if (name === 'seed') return a.seed;
  if (name === 'migration') return a.migration;
  if (name.startsWith('job:')) return fill(a.job, { name: name.slice(4) });
  if (name.startsWith('resume:')) return fill(a.resume, { name: name.slice(7) });
  return fill(a.tool, { name });
}
