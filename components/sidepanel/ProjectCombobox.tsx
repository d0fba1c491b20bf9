import { i18n } from '#i18n';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useApi } from '@/lib/queries/api-provider';
import { projectQueries } from '@/lib/queries/project-queries';
import { useDebounced } from '@/lib/sidepanel/use-debounced';

interface ProjectComboboxProps {
  /** The chosen project, or '' for all projects. */
  value: string;
  onChange: (project: string) => void;
}

/**
 * A searchable project picker (ARIA combobox with a listbox popup) fed by the projects list.
 * The list is only asked for once the field is used, so opening the panel costs no request.
 */
export function ProjectCombobox({ value, onChange }: ProjectComboboxProps) {
  const api = useApi();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    // Chosen elsewhere (a project row, Clear filters): show it.
    setLastValue(value);
    setText(value);
  }
  const search = useDebounced(text === value ? '' : text.trim(), 250);
  const { data, isPending } = useQuery({
    ...projectQueries.list(api, {
      search: search || undefined,
      sort_by: 'project',
      sort: 'asc',
      per_page: 25,
    }),
    enabled: open,
  });
  // The service searches; the names on screen are narrowed at once while it answers.
  const typed = text === value ? '' : text.trim().toLowerCase();
  const names = data?.items.map((project) => project.project) ?? [];
  const options = ['', ...names.filter((name) => name.toLowerCase().includes(typed))];

  function choose(project: string) {
    onChange(project);
    setText(project);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(options[active] ?? '');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setText(value);
    }
  }

  return (
    <div className="sp-combobox">
      <label htmlFor={id}>{i18n.t('panel.reports.project')}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        placeholder={i18n.t('panel.reports.projectAll')}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setText(value);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={i18n.t('panel.reports.project')}>
          {options.map((project, index) => (
            <li
              key={project || '*'}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={project === value}
              data-active={index === active || undefined}
              // mousedown, not click: it runs before the field loses focus and closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(project);
              }}
            >
              {project || i18n.t('panel.reports.projectAll')}
            </li>
          ))}
          {isPending && (
            <li role="option" aria-disabled="true" aria-selected="false">
              {i18n.t('panel.reports.projectLoading')}
            </li>
          )}
          {!isPending && options.length === 1 && (
            <li role="option" aria-disabled="true" aria-selected="false">
              {i18n.t('panel.reports.projectNone')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
