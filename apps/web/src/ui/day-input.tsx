import { TextInput } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';

export interface DayInputProps {
  /** A Berlin day as `YYYY-MM-DD`; '' is none. */
  value: string;
  onChange: (day: string) => void;
  label?: string;
  'aria-label'?: string;
  /** The earliest and latest day that can be chosen (`YYYY-MM-DD`). */
  min?: string;
  max?: string;
  clearable?: boolean;
  error?: ReactNode;
  leftSection?: ReactNode;
  leftSectionWidth?: number;
  onFocus?: () => void;
  onBlur?: () => void;
}

// @mantine/dates and dayjs come with the first date field a screen shows, not with the code every screen shares
// (decision 0115).
const DayPicker = lazy(() => import('./day-picker.tsx').then((m) => ({ default: m.DayPicker })));

/** One day in a date field: typed in the app's language or picked from a calendar (ui/day-picker.tsx). */
export function DayInput(props: DayInputProps) {
  const placeholder = (
    <TextInput
      label={props.label}
      leftSection={props.leftSection}
      leftSectionWidth={props.leftSectionWidth}
      readOnly
      aria-hidden
      tabIndex={-1}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <DayPicker {...props} />
    </Suspense>
  );
}
