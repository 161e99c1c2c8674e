import { createContext } from 'react';
import type { FormLogicStore } from '../utils/form-logic-store.ts';

/**
 * The form's logic store on its own, apart from FormRuntimeContext: it is created once per form
 * and never changes, so the rows (every question reads it for its enabled flag) never re-render
 * because the runtime changed (a signature drawn, a new signing callback from the screen).
 */
export const FormLogicContext = createContext<FormLogicStore | null>(null);
