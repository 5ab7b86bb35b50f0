import { createElement, type ReactNode } from 'react';
import type { ToastAction } from './notify';

/** A toast's message with its button: a real button, reachable with the keyboard, named by its label. */
export function toastWithAction(message: string, action: ToastAction): ReactNode {
  return createElement(
    'span',
    { style: { display: 'flex', alignItems: 'center', gap: 12, justifyContent: 'space-between', flexWrap: 'wrap' } },
    createElement('span', null, message),
    createElement(
      'button',
      {
        type: 'button',
        onClick: action.onClick,
        style: {
          font: 'inherit',
          fontWeight: 600,
          color: 'inherit',
          background: 'rgba(255,255,255,0.18)',
          border: '1px solid currentColor',
          borderRadius: 4,
          padding: '2px 10px',
          cursor: 'pointer',
        },
      },
      action.label,
    ),
  );
}
