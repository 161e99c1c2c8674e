import { memo, type ComponentType } from 'react';
import { widgetOf, type Widget } from '../utils/question-widgets.ts';
import { CheckboxQuestion, ThumbsQuestion, YesNoToggleQuestion } from './questions/BooleanQuestions.tsx';
import {
  CheckboxGroupQuestion,
  MultiSelectQuestion,
  OpenChoiceQuestion,
  RadioQuestion,
  SegmentedQuestion,
  SelectQuestion,
  TextChoiceQuestion,
  UsStateQuestion,
} from './questions/ChoiceQuestions.tsx';
import { AddressQuestion, ContactPointQuestion } from './questions/CompositeQuestions.tsx';
import { ComputedTableQuestion } from './questions/ComputedTableQuestion.tsx';
import { DateQuestion, DateTimeQuestion, FormattedTextQuestion } from './questions/DateQuestions.tsx';
import { GridQuestion } from './questions/GridQuestion.tsx';
import { NumberQuestion, RatingQuestion, SliderQuestion, SmileyQuestion, StarsQuestion } from './questions/NumberQuestions.tsx';
import type { QuestionProps } from './questions/question-props.ts';
import { RankingQuestion } from './questions/RankingQuestion.tsx';
import { EhrLookupQuestion, ReferenceQuestion } from './questions/ReferenceQuestion.tsx';
import { LastFirstNameQuestion, SsnQuestion, TextareaQuestion, TextQuestion } from './questions/TextQuestions.tsx';

/** The input component of each answering widget (display items and signatures render elsewhere). */
export const QUESTION_COMPONENTS: Partial<Record<Widget, ComponentType<QuestionProps>>> = {
  checkbox: CheckboxQuestion,
  thumbs: ThumbsQuestion,
  'yes-no-toggle': YesNoToggleQuestion,
  number: NumberQuestion,
  currency: NumberQuestion,
  percentage: NumberQuestion,
  slider: SliderQuestion,
  stars: StarsQuestion,
  smiley: SmileyQuestion,
  rating: RatingQuestion,
  text: TextQuestion,
  email: TextQuestion,
  phone: TextQuestion,
  'postal-code': TextQuestion,
  ssn: SsnQuestion,
  'last-first-name': LastFirstNameQuestion,
  textarea: TextareaQuestion,
  'markdown-textarea': TextareaQuestion,
  date: DateQuestion,
  time: DateQuestion,
  'date-time': DateTimeQuestion,
  approximate: FormattedTextQuestion,
  duration: FormattedTextQuestion,
  radio: RadioQuestion,
  'checkbox-group': CheckboxGroupQuestion,
  select: SelectQuestion,
  'multi-select': MultiSelectQuestion,
  segmented: SegmentedQuestion,
  'open-choice': OpenChoiceQuestion,
  'text-choice': TextChoiceQuestion,
  ranking: RankingQuestion,
  'contact-point': ContactPointQuestion,
  address: AddressQuestion,
  'us-state': UsStateQuestion,
  reference: ReferenceQuestion,
  'ehr-lookup': EhrLookupQuestion,
  grid: GridQuestion,
  'table-report': ComputedTableQuestion,
  'service-events': ComputedTableQuestion,
};

/** The input of one question (or Grid cell), by its widget. */
export const QuestionInput = memo(function QuestionInput(props: QuestionProps) {
  const Component = QUESTION_COMPONENTS[widgetOf(props.item)] ?? TextQuestion;
  return <Component {...props} />;
});
