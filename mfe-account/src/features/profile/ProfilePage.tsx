import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth } from '@ministry/shared/store';
import { Container, media, theme } from '@ministry/shared/ui';
import { Avatar } from './Avatar';
import { CommunitySection } from './CommunitySection';
import { NewsletterSection } from './NewsletterSection';
import { ConfirmEmailNotice } from './ConfirmEmailNotice';
import { PhotoModal } from './PhotoModal';
import { BasicInfoSection, ChurchSection, SecuritySection } from './sections';
import { TicketsSection } from './TicketsSection';
import { YourDataSection } from './YourDataSection';
import { DevicesSection } from './DevicesSection';
import { NotificationsSection } from '../notifications/NotificationsSection';

const Banner = styled.header`
  background: linear-gradient(120deg, ${theme.colors.primary}, #24407a);
  color: #fff;
  padding: 40px 0 32px;
  margin-bottom: 32px;
`;

const BannerInner = styled.div`
  display: flex;
  align-items: center;
  gap: 24px;
  h1 {
    margin: 0 0 4px;
    font-size: 1.8rem;
  }
  p {
    margin: 0;
    opacity: 0.9;
  }
  ${media.mobile} {
    flex-direction: column;
    text-align: center;
  }
`;

const PhotoButton = styled.button`
  border: 3px solid #fff;
  border-radius: 50%;
  padding: 0;
  background: none;
  cursor: pointer;
  position: relative;
  .badge {
    position: absolute;
    bottom: 2px;
    right: 2px;
    background: #fff;
    color: ${theme.colors.primary};
    font-size: 0.75rem;
    font-weight: 600;
    border-radius: 999px;
    padding: 2px 8px;
  }
`;

/** /profile: the photo and the three editable sections of the signed-in member (the shell refreshes the user on start). */
export function ProfilePage() {
  const { user, isAuth } = useAuth();
  const [photoOpen, setPhotoOpen] = useState(false);
  if (!isAuth || !user) return <Navigate to="/login" replace state={{ from: '/profile' }} />;
  const name = `${user.firstname} ${user.lastname}`;

  return (
    <>
      <Banner>
        <Container>
          <BannerInner>
            <PhotoButton type="button" onClick={() => setPhotoOpen(true)}>
              <Avatar src={user.photo} name={name} size={112} decorative />
              <span className="badge" aria-hidden="true">
                Edit
              </span>
              <span className="visually-hidden">Change your profile photo</span>
            </PhotoButton>
            <div>
              <h1>{name}</h1>
              <p>{user.email}</p>
            </div>
          </BannerInner>
        </Container>
      </Banner>
      <Container>
        <ConfirmEmailNotice user={user} />
        <BasicInfoSection user={user} />
        <ChurchSection user={user} />
        <SecuritySection user={user} />
        <TicketsSection />
        <CommunitySection user={user} />
        <NewsletterSection />
        <YourDataSection user={user} />
        <DevicesSection />
        <NotificationsSection number="09" />
      </Container>
      <PhotoModal user={user} open={photoOpen} onClose={() => setPhotoOpen(false)} />
    </>
  );
}
