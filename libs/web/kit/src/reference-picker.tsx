import { useEffect, useState } from 'react';
import { Combobox, InputBase, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.js';
import { SEARCH_DEBOUNCE_MS } from './data-table.js';
import type { ListRoute } from './use-server-list.js';

/** How many names one search offers: the first ones in name order, narrowed by typing. */
export const PICKER_PAGE_SIZE = 20;

export interface ReferencePickerProps {
  label: string;
  /** The reference's list call (`api.consigneesAll`): searched with `q`, one page in `field` order. */
  route: ListRoute;
  /** The row's name field (`consigneeName`): what is offered, sorted by and saved. */
  field: string;
  /** The saved name ('' for none): always what the field shows until another is chosen. */
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
  name?: string;
  required?: boolean;
  error?: string;
  /** Not required: a clear button takes the name away (saved as none). */
  clearable?: boolean;
}

/**
 * A reference field (consignee, shipper, origin, ...) as a searchable picker (docs/adr/0047): it
 * shows the saved name and asks the server for names only when opened, then for the names that
 * contain what is typed (the list call's `q`, debounced), so a form opens as fast with 100,000
 * consignees as with 20. Mantine's Combobox: a labelled combobox with a listbox, arrows, Enter
 * and Escape. Leaving it without choosing shows the saved name again; an optional one is cleared
 * with its clear button or by emptying it.
 */
export function ReferencePicker({ label, route, field, value, onChange, onBlur, name, required = false, error, clearable = false }: ReferencePickerProps) {
  const [search, setSearch] = useState(value);
  // A new saved name (the form reset or reloaded) is what the field shows.
  useEffect(() => setSearch(value), [value]);
  const [opened, setOpened] = useState(false);
  const combobox = useCombobox({
    onDropdownOpen: () => setOpened(true),
    onDropdownClose: () => {
      setOpened(false);
      combobox.resetSelectedOption();
    },
  });
  // Until the user types, the field holds the saved name: that offers every name, not the one.
  const typed = search === value ? '' : search.trim();
  const [q] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const names = useQuery({
    queryKey: [route.path, 'pick', q],
    queryFn: async ({ signal }) => {
      const query = { q: q || undefined, sort: field, order: 'asc', page: 1, pageSize: PICKER_PAGE_SIZE };
      const page = (await callRoute(route, { query }, { signal })) as { items: Record<string, unknown>[] };
      return page.items.map((row) => String(row[field]));
    },
    enabled: opened,
    staleTime: 30_000,
  });

  const choose = (chosen: string) => {
    setSearch(chosen);
    onChange(chosen);
    combobox.closeDropdown();
  };
  const leave = () => {
    combobox.closeDropdown();
    // An emptied optional field is cleared; otherwise what is typed without choosing is dropped.
    if (clearable && search.trim() === '' && value !== '') onChange('');
    else setSearch(value);
    onBlur?.();
  };

  const settling = typed !== q || names.isFetching;
  let options;
  if (names.isError) options = <Combobox.Empty>Could not load the names; try again.</Combobox.Empty>;
  else if (!names.data || (settling && names.data.length === 0)) options = <Combobox.Empty>Loading…</Combobox.Empty>;
  else if (names.data.length === 0)
    options = (
      <Combobox.Empty>
        No {label.toLowerCase()} matches “{typed}”
      </Combobox.Empty>
    );
  else
    options = names.data.map((option) => (
      <Combobox.Option value={option} key={option} active={option === value}>
        {option}
      </Combobox.Option>
    ));

  return (
    <Combobox store={combobox} onOptionSubmit={choose}>
      <Combobox.Target withExpandedAttribute>
        <InputBase
          label={label}
          name={name}
          required={required}
          error={error}
          value={search}
          placeholder={`Search ${label}`}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={leave}
          rightSection={
            clearable && value ? (
              // Mantine hides its clear button from the keyboard and screen readers: here it is a real button.
              <Combobox.ClearButton aria-hidden={false} tabIndex={0} aria-label={`Clear ${label}`} onClear={() => choose('')} />
            ) : (
              <Combobox.Chevron />
            )
          }
          rightSectionPointerEvents={clearable && value ? 'all' : 'none'}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label={`Choices: ${label}`} mah={280} style={{ overflowY: 'auto' }}>
          {options}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
