import { useEffect, useId, useRef, useState } from 'react';

interface SearchFieldProps {
  label: string;
  hint?: string;
  value: string;
  /** Called once typing has paused for `delay` ms (one request per search, not per key). */
  onSearch: (value: string) => void;
  delay?: number;
}

/** A search box that reports what was typed after a pause; Enter searches at once. */
export function SearchField({ label, hint, value, onSearch, delay = 300 }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (value !== lastValue) {
    // Changed elsewhere (Clear filters, another window): show it.
    setLastValue(value);
    setText(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  function commit(next: string) {
    clearTimeout(timer.current);
    if (next.trim() !== value.trim()) onSearch(next.trim());
  }

  return (
    <div className="sp-wide">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next), delay);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(text);
        }}
      />
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
    </div>
  );
}
