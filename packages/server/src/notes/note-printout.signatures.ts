import type { NoteSignature, Reference } from '@caseload/core';
import type PDFDocument from 'pdfkit';
import { COLORS, type printoutLayout } from './note-printout.layout.ts';

type Doc = InstanceType<typeof PDFDocument>;
type Layout = ReturnType<typeof printoutLayout>;

/** The role a signature line names. */
export const SIGNER_ROLES: Record<NoteSignature['role'], string> = {
  Author: 'Author',
  CoSigner: 'Co-signer',
  Patient: 'Patient',
  RelatedPerson: 'Related person',
  Amender: 'Amending author',
};

/** One signature as the block prints it: a note's, or a care plan's (whose roles differ). */
export interface PrintedSignature {
  role: string;
  signer: Reference;
  signedAt: string;
  contentHash: string;
  attestation?: { text: string };
  /** A care plan's patient signatures: the revision signed and the device drawn on. */
  versionId?: string;
  device?: string;
}

/** A signature still owed: a supervisor's co-signature (`signers`), or a care plan's patient signature. */
export interface OwedSignature {
  role: string;
  signers?: readonly Reference[];
  reason: string;
}

/** What the signatures block needs from the printout: the document, the images, and how to word names and times. */
export interface SignaturesInput {
  note: { signatures?: readonly PrintedSignature[]; pendingSignatures?: readonly OwedSignature[] };
  /** The words of each signer role; the note's by default. */
  roles?: Record<string, string>;
  /** Signature images (PNG or JPEG bytes) by signature index. */
  signatureImages: Map<number, Buffer>;
  name: (ref: Reference | undefined) => string;
  time: (at: string) => string;
}

/**
 * The Signatures heading, a signature line for each signature (its image above the line when
 * there is one, the name under it, then the role, the time and what was attested), and who has
 * yet to co-sign. Drawn from `doc.y` on; the caller keeps it on one page with what precedes it
 * (it is measured first, `measureHeight`).
 */
export function printSignatures(doc: Doc, layout: Layout, input: SignaturesInput): void {
  const { left, heading, ensureRoom } = layout;
  const { note, name, time } = input;
  const roles: Record<string, string> = input.roles ?? SIGNER_ROLES;
  heading('Signatures');
  if (!note.signatures?.length) doc.font('Helvetica-Oblique').fontSize(10).fillColor(COLORS.muted).text('Not signed.');
  note.signatures?.forEach((s, i) => {
    const image = input.signatureImages.get(i);
    // Only a block taller than a page breaks, and then between signatures, never inside one.
    ensureRoom((image ? 110 : 50) + (s.attestation ? 24 : 0));
    if (image) {
      try {
        doc.image(image, left, doc.y, { fit: [180, 48] });
        doc.y += 50;
      } catch {
        // An image pdfkit cannot read is left out; the signature line below still records who signed.
      }
    } else {
      doc.y += 18; // room above the line, as on a paper form
    }
    // A signature line, as on paper: the name under the line, then the role and the time.
    doc
      .strokeColor(COLORS.ink)
      .lineWidth(0.5)
      .moveTo(left, doc.y)
      .lineTo(left + 260, doc.y)
      .stroke()
      .moveDown(0.2);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.ink).text(name(s.signer), left, doc.y);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(`${roles[s.role] ?? s.role}  ·  Electronically signed ${time(s.signedAt)}  ·  content ${s.contentHash.slice(0, 12)}`);
    // What the signer attested, in the words they confirmed (docs/notes.md, "Attestation").
    if (s.attestation) doc.font('Helvetica-Oblique').text(`Attested: "${s.attestation.text}"`, { width: 400 });
    if (s.versionId || s.device) {
      const on = [s.versionId && `revision ${s.versionId.slice(0, 12)}`, s.device && `on ${s.device.slice(0, 80)}`].filter(Boolean);
      doc.font('Helvetica').text(`Signed ${on.join(', ')}`, { width: 400 });
    }
    doc.moveDown(0.8);
  });
  for (const pending of note.pendingSignatures ?? []) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(10)
      .fillColor('#a15c00')
      .text(
        pending.role === 'CoSigner'
          ? `Awaiting co-signature by ${(pending.signers ?? []).map(name).join(' or ') || 'a supervisor'}. ${pending.reason}`
          : `Awaiting the ${(roles[pending.role] ?? pending.role).toLowerCase()}'s signature. ${pending.reason}`,
      );
  }
}
