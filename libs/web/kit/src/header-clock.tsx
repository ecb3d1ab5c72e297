import { useEffect, useState } from 'react';
import { Text, type TextProps } from '@mantine/core';
import { formatClock } from './format.js';

/** `dd/mm/yyyy – Weekday – HH:mm`, ticking on the minute. */
export function HeaderClock(props: TextProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const date = new Date();
      setNow(date);
      timer = setTimeout(tick, 60_000 - (date.getSeconds() * 1000 + date.getMilliseconds()) + 50);
    };
    tick();
    return () => clearTimeout(timer);
  }, []);
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} {...props}>
      {formatClock(now)}
    </Text>
  );
}
