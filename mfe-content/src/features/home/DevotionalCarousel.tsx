import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDevotionalDate } from '@ministry/shared/format';
import type { Devotional } from '@ministry/shared/types';
import { Carousel, media, ResponsiveImage, theme } from '@ministry/shared/ui';
import { devotionalPath } from '../devotionals/devotionalLinks';

const Slide = styled.div`
  position: relative;
  aspect-ratio: 21 / 9;
  ${media.mobile} {
    aspect-ratio: 4 / 3;
  }
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Caption = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  padding: 64px 40px 32px;
  background: linear-gradient(180deg, rgba(10, 16, 30, 0) 0%, rgba(10, 16, 30, 0.85) 70%);
  color: #fff;
  h3 {
    font-size: 2rem;
    margin: 10px 0 4px;
    line-height: 1.2;
  }
  h3 a {
    color: #fff;
    text-decoration: none;
  }
  h3 a:hover {
    text-decoration: underline;
  }
  p {
    margin: 0;
    opacity: 0.9;
  }
  ${media.mobile} {
    padding: 48px 18px 18px;
    h3 {
      font-size: 1.35rem;
    }
  }
`;

const Tag = styled.span`
  display: inline-block;
  background: ${theme.colors.accent};
  color: ${theme.colors.primary};
  font-weight: 700;
  font-size: 0.78rem;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  padding: 4px 12px;
  border-radius: 999px;
`;

/** The home carousel: each slide an image, a tag label and a title linking to the devotional. */
export function DevotionalCarousel({ devotionals }: { devotionals: Devotional[] }) {
  return (
    <Carousel
      items={devotionals}
      label="Featured devotionals"
      getKey={(d) => d._id}
      slideLabel={(d) => d.title}
      renderSlide={(d, i) => (
        <Slide>
          <ResponsiveImage
            src={d.image}
            sizes="(max-width: 1200px) calc(100vw - 32px), 1152px"
            alt=""
            width={800}
            height={450}
            loading={i === 0 ? 'eager' : 'lazy'}
            preload={i === 0}
          />
          <Caption>
            <Tag>{d.tag}</Tag>
            <h3>
              <Link to={devotionalPath(d)}>{d.title}</Link>
            </h3>
            <p>
              <time dateTime={new Date(d.timestamp * 1000).toISOString()}>{formatDevotionalDate(d.timestamp)}</time>
            </p>
          </Caption>
        </Slide>
      )}
    />
  );
}
