import type { DateSelectArg, DatesSetArg, EventChangeArg, EventClickArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useEffect, useRef } from 'react';
import type { CalendarEntry } from '../api/schedule.api.ts';
import classes from './AppointmentCalendar.module.css';
import type { CalendarEvent } from '../utils/calendar-events.ts';
import type { BusinessHours } from '../utils/schedule-hours.ts';

export interface AppointmentCalendarProps {
  events: CalendarEvent[];
  timeZone: string;
  /** The view and the date shown first (a link's `?view=&date=`); this week otherwise. */
  initialView?: string;
  initialDate?: string;
  /** Booking is offered: selecting a slot opens the quick-create dialog. */
  mayCreate: boolean;
  /** The working hours of whose calendar it is (their schedules): other times are shaded; none, nothing is. */
  businessHours?: BusinessHours[];
  onRange(range: { startStr: string; endStr: string; view: string }): void;
  onSelect(selection: { startStr: string; endStr: string; allDay: boolean }): void;
  onOpen(entry: CalendarEntry): void;
  /** A drag or resize: the entry, its new start and end (ISO with the zone's offset), and how to put it back. */
  onMove(entry: CalendarEntry, startStr: string, endStr: string, revert: () => void): void;
}

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, luxonPlugin];
const VIEWS = new Set(['timeGridDay', 'timeGridWeek', 'dayGridMonth']);
const VIEW_KEYS: Readonly<Record<string, string>> = { d: 'timeGridDay', w: 'timeGridWeek', m: 'dayGridMonth' };

/**
 * The calendar itself (FullCalendar): day, week and month views on the practice's clock (its named
 * zone through the Luxon plugin), drag to move and resize. Keys on the calendar: ← and → page, T
 * today, D W M switch views; FullCalendar's buttons and events are focusable, Enter opens an event.
 */
export function AppointmentCalendar({
  events,
  timeZone,
  initialView,
  initialDate,
  mayCreate,
  businessHours,
  onRange,
  onSelect,
  onOpen,
  onMove,
}: AppointmentCalendarProps) {
  const calendar = useRef<FullCalendar>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Keys pressed on the calendar's own buttons and events (which FullCalendar makes focusable).
    const onKeyDown = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (e.altKey || e.ctrlKey || e.metaKey || target.closest('input, textarea, select, [role="dialog"]')) return;
      const api = calendar.current?.getApi();
      if (!api) return;
      const key = e.key.toLowerCase();
      if (e.key === 'ArrowLeft') api.prev();
      else if (e.key === 'ArrowRight') api.next();
      else if (key === 't') api.today();
      else if (VIEW_KEYS[key]) api.changeView(VIEW_KEYS[key]);
      else return;
      e.preventDefault();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, []);
  const moved = (info: EventChangeArg) =>
    onMove(info.event.extendedProps.entry as CalendarEntry, info.event.startStr, info.event.endStr, info.revert);

  return (
    <div ref={box} className={classes.calendar} data-testid="appointment-calendar">
      <FullCalendar
        ref={calendar}
        plugins={PLUGINS}
        timeZone={timeZone}
        initialView={initialView && VIEWS.has(initialView) ? initialView : 'timeGridWeek'}
        {...(initialDate && { initialDate })}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' }}
        buttonText={{ today: 'Today', day: 'Day', week: 'Week', month: 'Month' }}
        buttonHints={{ prev: 'Previous $0 (←)', next: 'Next $0 (→)', today: 'Today (T)' }}
        height="auto"
        slotMinTime="07:00:00"
        slotMaxTime="21:00:00"
        scrollTime="08:00:00"
        allDaySlot={false}
        nowIndicator
        businessHours={businessHours?.length ? businessHours : false}
        // A number, not true: with height auto there is no cell height to fit. The month is handed
        // a few visits a day and its own "+N more" (utils/month-summary.ts); this is the backstop.
        dayMaxEvents={4}
        eventMaxStack={4}
        eventInteractive
        events={events}
        eventDisplay="block"
        eventOrder="order,start,title"
        selectable={mayCreate}
        selectMirror
        unselectAuto
        editable
        eventDurationEditable
        datesSet={(info: DatesSetArg) => onRange({ startStr: info.startStr, endStr: info.endStr, view: info.view.type })}
        select={(info: DateSelectArg) => onSelect({ startStr: info.startStr, endStr: info.endStr, allDay: info.allDay })}
        eventClick={(info: EventClickArg) => {
          info.jsEvent.preventDefault();
          const moreOn = info.event.extendedProps.moreOn as string | undefined;
          if (moreOn) calendar.current?.getApi().changeView('timeGridDay', moreOn);
          else onOpen(info.event.extendedProps.entry as CalendarEntry);
        }}
        eventDrop={moved}
        eventResize={moved}
      />
    </div>
  );
}
