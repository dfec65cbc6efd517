/** "Plan a visit" on the locations tab: what a first-time visitor wants to know. Part of the site's identity. */
export interface VisitTopic {
  heading: string;
  text: string;
}

export const planAVisit: { title: string; intro: string; topics: VisitTopic[] } = {
  title: 'Plan a visit',
  intro: 'Coming for the first time? You are welcome just as you are. Here is what to expect.',
  topics: [
    {
      heading: 'What to expect',
      text: 'A service lasts about 90 minutes: songs of worship led by our choir and band, prayer, and a message from the Bible. Come as you are; some dress up, many do not. Ushers at the door will help you find a seat.',
    },
    {
      heading: 'Children',
      text: 'Children’s church runs during every Sunday service for ages 3 to 12, in a safe room with checked-in teachers. Babies are welcome in the service, and there is a quiet room with a screen for parents.',
    },
    {
      heading: 'Getting there',
      text: 'Each church below lists its service times, where to park and a map. Arrive ten minutes early and look for the welcome desk: we would love to meet you.',
    },
    {
      heading: 'Questions?',
      text: 'Call or write to the church you plan to visit: its numbers and e-mail are below.',
    },
  ],
};
