import { useEffect, useState } from 'react';
import { isStaff } from '@ministry/shared/config';
import { useAuth } from '@ministry/shared/store';
import { getPostingStopped } from './api';

/** One question per member and page view, however many post forms the page shows (a comment box on every story). */
let asked: { userId: string; answer: Promise<boolean> } | undefined;

/** Forgets the answer (a moderator's stop learnt from a refused post, or a test starting afresh). */
export function forgetPostingState(): void {
  asked = undefined;
}

/**
 * Whether a moderator stopped the signed-in member from posting, so the
 * post forms say so before the member types. Staff are never stopped; a
 * failed question reads as "may post" (the server still refuses, and the
 * form then says why).
 */
export function usePostingStopped(): boolean {
  const { user } = useAuth();
  const userId = user && !isStaff(user.role) ? user._id : null;
  const [stopped, setStopped] = useState<{ userId: string; stopped: boolean } | null>(null);
  useEffect(() => {
    if (!userId) return;
    if (asked?.userId !== userId) asked = { userId, answer: getPostingStopped().catch(() => false) };
    let current = true;
    void asked.answer.then((answer) => {
      if (current) setStopped({ userId, stopped: answer });
    });
    return () => {
      current = false;
    };
  }, [userId]);
  return !!userId && stopped?.userId === userId && stopped.stopped;
}
