/**
 * The write rules of the people and practice set-up types, registered in the order they run:
 * validation against the core schemas, then the server-owned display, then the patient's MRN.
 * Importing this module once (app.ts does) is what turns them on.
 */
import './resource-validation.hook.ts';
import './resource-display.hook.ts';
import './patient-mrn.hook.ts';
