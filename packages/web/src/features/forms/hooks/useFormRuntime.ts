import { useContext } from 'react';
import { FormRuntimeContext, type FormRuntime } from './form-runtime-context.ts';

/** The running form's shared state; only inside a QuestionnaireForm. */
export function useFormRuntime(): FormRuntime {
  const runtime = useContext(FormRuntimeContext);
  if (!runtime) throw new Error('useFormRuntime is used outside QuestionnaireForm.');
  return runtime;
}
