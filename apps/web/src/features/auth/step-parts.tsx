import { PinInput, Text, Title } from '@mantine/core';

/** The heading of a sign-in or set-password step: what the step is, and one line on what to do. */
export function StepHeading({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {text}
      </Text>
    </div>
  );
}

/**
 * A six-digit code sent by SMS or e-mail, labelled by the text above it; the browser may fill it in from the
 * message (`oneTimeCode`), and a complete code submits itself.
 */
export function CodeInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  onComplete: (code: string) => void;
  error?: boolean;
}) {
  return (
    <>
      <Text size="sm" fw={500} id={props.id}>
        {props.label}
      </Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        autoFocus
        value={props.value}
        onChange={props.onChange}
        onComplete={props.onComplete}
        aria-labelledby={props.id}
        error={props.error}
      />
    </>
  );
}
