import { RemoteModule } from '../remotes/RemoteModule';

/**
 * The home page is the shell's: it composes the content remote's sections
 * (above and below) around the community remote's latest stories. Each part
 * can fail alone and offers its own retry.
 *
 * When the browser takes over the page the server sent, the first screen
 * (the headline, the mission, the links bar, the latest stories: text and
 * links, nothing to press) stays the server's HTML until the visitor reaches
 * for it, and the part below the stories is taken over when it comes near
 * the screen: a phone runs no remote's code for a page it is only reading.
 */
export function HomePage() {
  return (
    <>
      <RemoteModule remote="mfe_content" expose="HomeSections" compact props={{ part: 'top' }} whenReached />
      <RemoteModule remote="mfe_community" expose="LatestStories" compact whenReached />
      <RemoteModule remote="mfe_content" expose="HomeSections" compact props={{ part: 'bottom' }} whenVisible />
    </>
  );
}
