/** A message ready to go out by SMS or e-mail. */
export interface OutgoingMessage {
  recipient: string;
  subject: string;
  body: string;
  /** SMS only: a sender name other than the provider's configured one (a shop's `sms_sender_id`). */
  senderId?: string;
  /** E-mail only (an invoice's PDF and e-invoice); SMS providers ignore them. */
  attachments?: MessageAttachment[];
}

export interface MessageAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One interface for every SMS and mail provider (real HTTP/SMTP clients and the local stand-in). */
export interface MessageSender {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}
