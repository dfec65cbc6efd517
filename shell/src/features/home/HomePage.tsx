import { RemoteModule } from '../remotes/RemoteModule';

/**
 * The home page is the shell's: it composes the content remote's sections
 * (above and below) around the community remote's latest stories. Each part
 * can fail alone and offers its own retry. The part below the stories, off a
 * phone's first screen, is taken over by the browser only when it comes
 * near the screen.
 */
export function HomePage() {
  return (
    <>
      <RemoteModule remote="mfe_content" expose="HomeSections" compact props={{ part: 'top' }} />
      <RemoteModule remote="mfe_community" expose="LatestStories" compact />
      <RemoteModule remote="mfe_content" expose="HomeSections" compact props={{ part: 'bottom' }} whenVisible />
    </>
  );
}
