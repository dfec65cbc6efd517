import { useCallback, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { getDevotionals, getDevotionalsByTag } from '@ministry/shared/api';
import type { Devotional } from '@ministry/shared/types';
import { ButtonLink, Container, Grid, PageBanner, ResourceView, Section, theme, usePageTitle, useResource } from '@ministry/shared/ui';
import { DevotionalCard } from './DevotionalCard';
import { tagPath } from './devotionalLinks';

const FIRST_PAGE = 9;

const TagBar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-bottom: 28px;
  span { font-weight: 600; color: ${theme.colors.primary}; margin-right: 4px; }
  a {
    display: inline-flex;
    align-items: center;
    min-height: 36px;
    padding: 4px 14px;
    border-radius: 999px;
    border: 1px solid ${theme.colors.border};
    color: ${theme.colors.primary};
    text-decoration: none;
    font-size: 0.9rem;
    font-weight: 500;
  }
  a:hover { background: ${theme.colors.surface}; }
  a[aria-current='page'] { background: ${theme.colors.primary}; border-color: ${theme.colors.primary}; color: #fff; }
`;

const Footer = styled.p`
  text-align: center;
  margin: 32px 0 0;
  display: flex;
  justify-content: center;
  gap: 12px;
  flex-wrap: wrap;
`;

function Tags({ devotionals, current }: { devotionals: Devotional[]; current?: string }) {
  const tags = useMemo(() => [...new Set(devotionals.map((d) => d.tag))].sort((a, b) => a.localeCompare(b)), [devotionals]);
  if (tags.length < 2 && !current) return null;
  return (
    <TagBar aria-label="Devotionals by tag">
      <span>Browse by tag:</span>
      {tags.map((tag) => (
        <Link key={tag} to={tagPath(tag)} aria-current={tag.toLowerCase() === current?.toLowerCase() ? 'page' : undefined}>
          {tag}
        </Link>
      ))}
    </TagBar>
  );
}

/**
 * The devotional lists: /daily-devotion (the latest, always with View All),
 * /daily-devotion/all ('All devotionals'), and the tag pages
 * /daily-devotion/tag/:tag and /devotional-detail/tag/:tag ('devotionals by tag - {tag}').
 */
export function DevotionalListPage({ variant = 'latest' }: { variant?: 'latest' | 'all' | 'tag' }) {
  const { tag = '' } = useParams();
  const load = useCallback(() => (variant === 'tag' ? getDevotionalsByTag(tag) : getDevotionals()), [variant, tag]);
  const devotionals = useResource(load, variant === 'tag' ? `devotionals:tag:${tag}` : 'devotionals');

  const heading = variant === 'all' ? 'All devotionals' : variant === 'tag' ? `devotionals by tag - ${tag}` : 'Daily Devotion';
  usePageTitle(variant === 'tag' ? `Devotionals about ${tag}` : heading);

  return (
    <>
      <PageBanner>
        <Container>
          <h1>{heading}</h1>
          <p>
            {variant === 'tag'
              ? `Every devotional we have published about ${tag}, newest first.`
              : 'A word for every day: scripture, reflection and prayer.'}
          </p>
        </Container>
      </PageBanner>
      <Section>
        <Container>
          <ResourceView
            resource={devotionals}
            what="the devotionals"
            empty={variant === 'tag' ? `There are no devotionals about ${tag} yet.` : 'No devotionals have been published yet.'}
            loadingRows={3}
          >
            {(list) => {
              const shown = variant === 'latest' ? list.slice(0, FIRST_PAGE) : list;
              return (
                <>
                  {variant !== 'tag' && <Tags devotionals={list} />}
                  <Grid>
                    {shown.map((d, index) => (
                      <DevotionalCard key={d._id} devotional={d} headingLevel={2} eager={index < 2} />
                    ))}
                  </Grid>
                  {variant === 'latest' && (
                    <Footer>
                      <ButtonLink to="/daily-devotion/all">View All</ButtonLink>
                    </Footer>
                  )}
                </>
              );
            }}
          </ResourceView>
          {variant === 'tag' && (
            <Footer>
              <ButtonLink to="/daily-devotion/all" $variant="outline">
                All devotionals
              </ButtonLink>
            </Footer>
          )}
        </Container>
      </Section>
    </>
  );
}
