import { Card, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './CardLink.module.css';

export interface CardLinkProps {
  to: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** A card that is one link, the whole of it a touch target: the portal's lists and home cards. */
export function CardLink({ to, children, ...rest }: CardLinkProps) {
  return (
    <UnstyledButton component={Link} to={to} className={classes.card} {...rest}>
      <Card withBorder padding="md" radius="md" h="100%">
        {children}
      </Card>
    </UnstyledButton>
  );
}
