import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { Modal } from '../../../ui/Modal.tsx';
import type { Area } from '../utils/areas.ts';
import classes from './MobileShell.module.css';

export interface MoreAreasDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The areas not in the bottom bar. */
  areas: readonly Area[];
  active: Area | undefined;
}

/** The mobile shell's "More": every area the bottom bar has no room for, full screen. */
export function MoreAreasDialog({ opened, onClose, areas, active }: MoreAreasDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="All areas"
      fullScreen
      closeOnEscape
      transitionProps={{ transition: 'slide-up', duration: 150 }}
    >
      <SimpleGrid cols={3} spacing="xs">
        {areas.map((area) => (
          <UnstyledButton
            key={area.id}
            component={Link}
            to={area.path}
            onClick={onClose}
            className={classes.tile}
            data-active={area === active || undefined}
            aria-current={area === active ? 'page' : undefined}
          >
            <area.icon size={28} stroke={1.5} aria-hidden />
            <Text fz="sm" ta="center" lh={1.25}>
              {area.shortLabel ?? area.label}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
