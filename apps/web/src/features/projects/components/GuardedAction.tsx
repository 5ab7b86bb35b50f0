import { ActionIcon, Button, type ButtonProps, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { notify } from '../../../lib/notify';

interface Props {
  /** The visible label (a button) or the accessible name (an icon), naming the record where useful. */
  label: string;
  onClick: () => void;
  /** Why it cannot be done now (the server's abilities in words, `deniedReason`, or a hint such as "save first"), or null. */
  denied: string | null;
  icon?: ReactNode;
  /** 'icon': a small icon button for a list row, with the label as its name and tooltip. */
  variant?: 'button' | 'icon';
  loading?: boolean;
  color?: ButtonProps['color'];
  buttonVariant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  /** Also say why beside the button (not only in its tooltip): for a screen's main actions. */
  showReason?: boolean;
  /** A button's accessible name when the visible label is short ("Ruimte" for "Ruimte toevoegen aan Dek 5"). */
  ariaLabel?: string;
}

/**
 * A button for one of a record's abilities. When the server says no it looks disabled but stays
 * reachable: its description, its tooltip (hover, focus, touch) and, when pressed, a message say why
 * (a disabled button cannot be focused, so a keyboard user would never learn the reason).
 */
export function GuardedAction({
  label,
  onClick,
  denied,
  icon,
  variant = 'button',
  loading,
  color,
  buttonVariant = 'light',
  size = 'sm',
  showReason = false,
  ariaLabel,
}: Props) {
  const reasonId = useId();
  const common = {
    'aria-disabled': denied ? true : undefined,
    'data-disabled': denied ? true : undefined,
    'aria-describedby': denied ? reasonId : undefined,
    onClick: denied ? () => notify.info(denied) : onClick,
    loading,
    color,
  };
  const control =
    variant === 'icon' ? (
      <ActionIcon variant="subtle" aria-label={label} size={size === 'xs' ? 'sm' : 'md'} {...common}>
        {icon}
      </ActionIcon>
    ) : (
      <Button variant={buttonVariant} size={size} leftSection={icon} aria-label={ariaLabel} {...common}>
        {label}
      </Button>
    );
  const tip = denied ?? (variant === 'icon' ? label : null);
  return (
    <>
      {tip ? (
        <Tooltip label={tip} events={{ hover: true, focus: true, touch: true }} multiline maw={320}>
          {control}
        </Tooltip>
      ) : (
        control
      )}
      {denied ? (
        <Text id={reasonId} className={showReason ? undefined : 'visually-hidden'} size="sm" c="dimmed" span>
          {denied}
        </Text>
      ) : null}
    </>
  );
}
