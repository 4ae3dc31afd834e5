import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { keptMails } from "@/appgen/mail";

export const metadata: Metadata = { title: "Development mailbox" };
export const dynamic = "force-dynamic";

/** A mail's text with its links made links (the reset and verification links). */
function Text({ text }: { text: string }) {
  return text.split(/(https?:\/\/\S+)/).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/**
 * /appgen/mail, in development only: the account mail the app sent with no APPGEN_SMTP_URL (kept
 * in .appgen/mail by src/appgen/mail.ts), the newest first, so reset and verification links can be
 * followed with no mail server. A production server answers 404.
 */
export default async function DevMailboxPage() {
  if (process.env.NODE_ENV === "production") notFound();
  const mails = await keptMails();
  return (
    <main className="appgen-page">
      <h1>Development mailbox</h1>
      <p>
        Mail this app sent without APPGEN_SMTP_URL: kept in <code>.appgen/mail</code> and printed
        in the terminal. Set APPGEN_SMTP_URL to send it for real.
      </p>
      {mails.length === 0 ? (
        <p className="appgen-empty">No mail yet.</p>
      ) : (
        mails.map((mail) => (
          <section className="appgen-section" key={mail.id} aria-labelledby={`mail-${mail.id}`}>
            <h2 id={`mail-${mail.id}`}>{mail.subject}</h2>
            <p>
              To {mail.to}, from {mail.from}, <time dateTime={mail.sentAt}>{mail.sentAt}</time>
            </p>
            <pre className="appgen-multiline">
              <Text text={mail.text} />
            </pre>
          </section>
        ))
      )}
    </main>
  );
}
