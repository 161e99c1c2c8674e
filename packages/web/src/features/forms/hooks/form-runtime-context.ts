import type { Questionnaire, ResponseSignature } from '@caseload/core';
import { createContext } from 'react';
import type { FormLogicStore } from '../utils/form-logic-store.ts';

/** A drawn signature on its way to being stored: the image and the question it signs. */
export interface SignatureCapture {
  linkId: string;
  image: Blob;
  /** The image as a data URL, shown until the stored copy can be read. */
  preview: string;
}

/**
 * What every row of a QuestionnaireForm shares: the definition, its live logic, the patient the
 * response belongs to (reference pickers and signatures read and write in their chart), and the
 * signatures. Stable for the form's life except `signatures`, which only signature rows read.
 */
export interface FormRuntime {
  questionnaire: Pick<Questionnaire, 'items'>;
  logic: FormLogicStore;
  /** The patient (partition) of the response; undefined in the builder's preview. */
  partition?: string;
  signatures: ResponseSignature[];
  /** Data URLs of signatures drawn on this device, by Media id, until the server has them. */
  previews: Record<string, string>;
  /** Stores a drawn signature; undefined when signing is not possible here (preview). */
  sign?: (capture: SignatureCapture) => Promise<void>;
}

export const FormRuntimeContext = createContext<FormRuntime | null>(null);
