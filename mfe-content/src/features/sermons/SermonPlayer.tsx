import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { Sermon, SermonChapter, SermonVideo, TranscriptCue } from '@ministry/shared/types';
import { formatTimestamp } from '@ministry/shared/format';
import { ResponsiveImage, theme } from '@ministry/shared/ui';

const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  width: 100%;
  border-radius: ${theme.radius};
  overflow: hidden;
  background: ${theme.colors.primary};
  iframe,
  video {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
`;

const Poster = styled.button`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  padding: 0;
  border: 0;
  cursor: pointer;
  background: ${theme.colors.primary};
  color: #fff;
  picture,
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
    opacity: 0.55;
  }
  span {
    position: absolute;
    inset: 0;
    display: grid;
    place-content: center;
    justify-items: center;
    gap: 10px;
    font-weight: 600;
    font-size: 1.05rem;
    text-shadow: 0 1px 3px rgba(0, 0, 0, 0.6);
  }
  svg {
    width: 72px;
    height: 72px;
    filter: drop-shadow(0 2px 6px rgba(0, 0, 0, 0.45));
  }
  small {
    font-weight: 400;
    font-size: 0.85rem;
    max-width: 90%;
  }
  &:hover svg circle,
  &:focus-visible svg circle {
    fill: ${theme.colors.accent};
  }
`;

const AudioBox = styled.div`
  display: grid;
  gap: 6px;
  audio {
    width: 100%;
  }
  p {
    margin: 0;
    font-weight: 600;
    color: ${theme.colors.primary};
  }
`;

const Cues = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
  max-height: 420px;
  overflow-y: auto;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  li button {
    display: grid;
    grid-template-columns: 4.5em minmax(0, 1fr);
    gap: 12px;
    width: 100%;
    text-align: left;
    padding: 8px 12px;
    border: 0;
    background: none;
    font: inherit;
    color: inherit;
    cursor: pointer;
    border-radius: 6px;
    min-height: 44px;
  }
  li button:hover {
    background: ${theme.colors.surface};
  }
  li button[aria-current='true'] {
    background: ${theme.colors.surface};
    box-shadow: inset 3px 0 0 ${theme.colors.accent};
  }
  time {
    font-variant-numeric: tabular-nums;
    color: ${theme.colors.accentText};
    font-weight: 600;
  }
`;

/** A hosted video (YouTube, Vimeo): its poster and a play button; the player itself loads only when pressed. */
export function HostedVideo({
  video,
  title,
  poster,
  startAt,
}: {
  video: SermonVideo;
  title: string;
  poster: string;
  /** Seconds to start from (a transcript's time pressed). */
  startAt?: number;
}) {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (startAt !== undefined) setPlaying(true);
  }, [startAt]);
  const provider = video.kind === 'vimeo' ? 'Vimeo' : 'YouTube';
  const src =
    startAt === undefined
      ? video.src
      : video.kind === 'vimeo'
        ? `${video.src}#t=${Math.floor(startAt)}s`
        : `${video.src}&start=${Math.floor(startAt)}`;
  return (
    <Frame>
      {playing ? (
        <iframe
          key={src}
          src={src}
          title={`${title} (video)`}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <Poster type="button" onClick={() => setPlaying(true)}>
          {poster && <ResponsiveImage src={poster} alt="" sizes="(max-width: 768px) 100vw, 800px" width={800} height={450} />}
          <span>
            <svg viewBox="0 0 72 72" aria-hidden="true">
              <circle cx="36" cy="36" r="34" fill="rgba(20,33,61,0.85)" stroke="#fff" strokeWidth="3" />
              <path d="M29 23l22 13-22 13z" fill="#fff" />
            </svg>
            Play the video
            <small>It loads from {provider} when you press play.</small>
          </span>
        </Poster>
      )}
    </Frame>
  );
}

/** Which cue is being heard at `time` (the last that started), or -1. */
export function cueAt(cues: { start: number; end?: number }[], time: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    if (cues[i]!.start <= time + 0.05) found = i;
    else break;
  }
  return found;
}

/** The transcript as text: each line's time seeks the player there. */
export function Transcript({
  cues,
  current,
  onSeek,
  label,
}: {
  cues: TranscriptCue[];
  current: number;
  onSeek: (seconds: number) => void;
  label: string;
}) {
  return (
    <Cues aria-label={label}>
      {cues.map((cue, index) => (
        <li key={`${cue.start}-${index}`}>
          <button type="button" aria-current={index === current ? 'true' : undefined} onClick={() => onSeek(cue.start)}>
            <time dateTime={`PT${Math.floor(cue.start)}S`}>{formatTimestamp(cue.start)}</time>
            <span>{cue.text}</span>
          </button>
        </li>
      ))}
    </Cues>
  );
}

const Chapters = styled.ol`
  margin: 0;
  padding-left: 1.2em;
  display: grid;
  gap: 4px;
  button {
    border: 0;
    background: none;
    padding: 6px 0;
    font: inherit;
    color: ${theme.colors.primary};
    cursor: pointer;
    text-align: left;
    text-decoration: underline;
    min-height: 32px;
  }
  time {
    font-variant-numeric: tabular-nums;
    color: ${theme.colors.muted};
    margin-right: 8px;
  }
`;

export function ChapterList({ chapters, onSeek }: { chapters: SermonChapter[]; onSeek: (seconds: number) => void }) {
  return (
    <Chapters>
      {chapters.map((c) => (
        <li key={`${c.start}-${c.title}`}>
          <button type="button" onClick={() => onSeek(c.start)}>
            <time dateTime={`PT${Math.floor(c.start)}S`}>{formatTimestamp(c.start)}</time>
            {c.title}
          </button>
        </li>
      ))}
    </Chapters>
  );
}

/**
 * A sermon's player: its video (a hosted one behind a play button, or an
 * uploaded MP4) and its audio, with what seeks them: the transcript's
 * times and the chapters. `onReady` hands the page the seek function.
 */
export function useSermonPlayer(sermon: Sermon) {
  const audio = useRef<HTMLAudioElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [hostedStart, setHostedStart] = useState<number | undefined>(undefined);
  const hosted = sermon.video && sermon.video.kind !== 'file' ? sermon.video : null;

  /** The element the transcript drives: the audio, else an uploaded video; else the hosted video from that time. */
  const seek = useCallback(
    (seconds: number) => {
      const element = audio.current ?? video.current;
      if (element) {
        element.currentTime = seconds;
        setTime(seconds);
        void element.play().catch(() => undefined);
        return;
      }
      if (hosted) setHostedStart(seconds);
    },
    [hosted],
  );
  const onTime = (event: { currentTarget: HTMLMediaElement }) => setTime(event.currentTarget.currentTime);
  return { audio, video, time, seek, onTime, hostedStart };
}

export function SermonMedia({ sermon, player }: { sermon: Sermon; player: ReturnType<typeof useSermonPlayer> }) {
  const { video } = sermon;
  return (
    <>
      {video && video.kind !== 'file' && (
        <HostedVideo video={video} title={sermon.title} poster={sermon.image} startAt={player.hostedStart} />
      )}
      {video?.kind === 'file' && (
        <Frame>
          <video
            ref={player.video}
            controls
            preload="none"
            poster={sermon.image && !sermon.image.endsWith('.svg') ? sermon.image : undefined}
            onTimeUpdate={sermon.audio ? undefined : player.onTime}
            aria-label={`${sermon.title} (video)`}
          >
            <source src={video.src} type={video.type ?? 'video/mp4'} />
            {sermon.transcriptSrc && <track kind="captions" src={sermon.transcriptSrc} srcLang="en" label="English" />}
          </video>
        </Frame>
      )}
      {sermon.audio && (
        <AudioBox>
          <p id="sermon-audio-label">Listen</p>
          <audio
            ref={player.audio}
            controls
            preload="metadata"
            src={sermon.audio.src}
            aria-labelledby="sermon-audio-label"
            onTimeUpdate={player.onTime}
          />
        </AudioBox>
      )}
    </>
  );
}
