import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { friendlyError } from '@ministry/shared/api';
import type { StaffMedia } from '@ministry/shared/types';
import { Button, FieldError, theme } from '@ministry/shared/ui';
import { SERMON_MEDIA, type SermonMediaKind } from '@ministry/shared/limits';
import { uploadSermonFile } from './api';

const Box = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 8px;
  margin-bottom: 16px;
  padding: 14px 16px;
  border: 1.5px dashed ${theme.colors.border};
  border-radius: 10px;
  > label {
    font-weight: 500;
    font-size: 0.92rem;
  }
  input[type='file'] {
    max-width: 100%;
  }
  progress {
    width: 100%;
    height: 12px;
    accent-color: ${theme.colors.primary};
  }
  small {
    color: ${theme.colors.muted};
  }
  audio,
  video {
    width: 100%;
    max-height: 220px;
  }
`;

const Current = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  font-size: 0.92rem;
  a {
    font-weight: 600;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

/** '12.3 MB', '640 KB'. */
export const fileSize = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const length = (seconds: number | null) =>
  seconds === null ? '' : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * A sermon's audio, video or transcript: the file in use (to hear or open),
 * a file chooser that uploads at once in parts, with a progress bar and
 * Cancel, and Remove. The form keeps the file's address; the server reads
 * its type, size and length.
 */
export function SermonFileField({
  kind,
  label,
  hint,
  value,
  onChange,
  error,
}: {
  kind: SermonMediaKind;
  label: string;
  hint?: string;
  value: StaffMedia | null;
  onChange: (file: StaffMedia | null) => void;
  error?: string;
}) {
  const id = useId();
  const [progress, setProgress] = useState<{ sent: number; total: number; name: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const shown = problem ?? error ?? null;
  const accept = [...SERMON_MEDIA[kind].extensions, ...SERMON_MEDIA[kind].types].join(',');

  const start = (file: File) => {
    const abort = new AbortController();
    controller.current = abort;
    setProblem(null);
    setProgress({ sent: 0, total: file.size, name: file.name });
    uploadSermonFile(kind, file, (sent, total) => setProgress({ sent, total, name: file.name }), abort.signal).then(
      (media) => {
        setProgress(null);
        onChange(media);
        if (input.current) input.current.value = '';
      },
      (failure: unknown) => {
        setProgress(null);
        if (input.current) input.current.value = '';
        if (!abort.signal.aborted)
          setProblem(friendlyError(failure, `The ${SERMON_MEDIA[kind].label} file could not be uploaded. Please try again.`));
      },
    );
  };

  const percent = progress && progress.total ? Math.floor((progress.sent / progress.total) * 100) : 0;
  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      {value && !progress && (
        <Current>
          {kind === 'audio' && <audio controls preload="none" src={value.src} aria-label={`${label}: the file in use`} />}
          <span>
            <a href={value.src} target="_blank" rel="noreferrer">
              {value.src.split('/').pop()}
            </a>{' '}
            ({fileSize(value.bytes)}
            {value.seconds !== null && kind !== 'transcript' ? `, ${length(value.seconds)}` : ''})
          </span>
          <Button type="button" $variant="outline" onClick={() => onChange(null)}>
            Remove
          </Button>
        </Current>
      )}
      {progress ? (
        <>
          <progress id={`${id}-progress`} max={progress.total} value={progress.sent} aria-label={`Uploading ${progress.name}`}>
            {percent}%
          </progress>
          <Row>
            <small role="status">
              Uploading {progress.name}: {fileSize(progress.sent)} of {fileSize(progress.total)} ({percent}%)
            </small>
            <Button type="button" $variant="outline" onClick={() => controller.current?.abort()}>
              Cancel
            </Button>
          </Row>
        </>
      ) : (
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          aria-invalid={shown ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : '', shown ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) start(file);
          }}
        />
      )}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
      {shown && <FieldError id={`${id}-error`}>{shown}</FieldError>}
    </Box>
  );
}
