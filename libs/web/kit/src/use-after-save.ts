import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from './toast.js';

/** What an add or edit screen does once saved: reload the cached `listKey` queries, say so, go back to `backTo`. */
export function useAfterSave(listKey: string, backTo: string): (message: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (message) => {
    await queryClient.invalidateQueries({ queryKey: [listKey] });
    toastSuccess(message);
    navigate(backTo);
  };
}
