/**
 * Sample small groups, seeded on first start. `church` is the index of a
 * location in churches.ts (or null with a `meetingPlace`); `leaders` and
 * `members` are indexes in community.ts's sample members.
 */
export interface GroupSeed {
  name: string;
  kind: string;
  lifeStage: string;
  church: number | null;
  meetingPlace?: string;
  weekday: number;
  time: string;
  frequency: 'weekly' | 'biweekly' | 'monthly';
  description: string;
  capacity: number | null;
  open: boolean;
  leaders: number[];
  members: number[];
}

export const groupSeeds: GroupSeed[] = [
  {
    name: 'Tuesday Night Bible Study',
    kind: 'bible-study',
    lifeStage: 'everyone',
    church: 0,
    weekday: 2,
    time: '19:00',
    frequency: 'weekly',
    description:
      'We read through one book of the Bible a season, a chapter an evening, with coffee and honest questions. This autumn: the Gospel of John. Newcomers are always welcome; bring a Bible or borrow one of ours.',
    capacity: 20,
    open: true,
    leaders: [1],
    members: [0, 2],
  },
  {
    name: 'Women of Light',
    kind: 'women',
    lifeStage: 'everyone',
    church: 0,
    weekday: 6,
    time: '09:30',
    frequency: 'biweekly',
    description:
      'Breakfast, a short teaching and prayer in small circles, every other Saturday morning. Childcare is provided in the nursery.',
    capacity: 30,
    open: true,
    leaders: [0],
    members: [2],
  },
  {
    name: 'Men at the Table',
    kind: 'men',
    lifeStage: 'everyone',
    church: null,
    meetingPlace: 'Riverside Diner, 210 Water Street, Wilmington, DE',
    weekday: 4,
    time: '06:30',
    frequency: 'weekly',
    description:
      'An early breakfast before work: a passage of Proverbs, what it asks of us this week, and prayer for one another. Over by 7:30.',
    capacity: 12,
    open: true,
    leaders: [3],
    members: [1],
  },
  {
    name: 'Young Couples',
    kind: 'couples',
    lifeStage: 'young-adults',
    church: 1,
    weekday: 5,
    time: '19:30',
    frequency: 'biweekly',
    description:
      'For couples married up to seven years, or about to be. We share a meal in one of our homes and work through a course on communication, money and faith in marriage.',
    capacity: 8,
    open: true,
    leaders: [1, 2],
    members: [],
  },
  {
    name: 'Youth Night',
    kind: 'youth',
    lifeStage: 'students',
    church: 0,
    weekday: 5,
    time: '18:30',
    frequency: 'weekly',
    description:
      'Games, worship and small-group talks for students aged 12 to 18. Parents are welcome to stay for the first evening.',
    capacity: null,
    open: true,
    leaders: [3],
    members: [],
  },
  {
    name: 'Intercessors',
    kind: 'prayer',
    lifeStage: 'everyone',
    church: 0,
    weekday: 3,
    time: '12:00',
    frequency: 'weekly',
    description:
      'A lunchtime hour of prayer for the church, the city and the requests on our prayer wall. Come for ten minutes or stay the hour.',
    capacity: null,
    open: true,
    leaders: [0],
    members: [1, 3],
  },
  {
    name: 'Parents in the Word',
    kind: 'families',
    lifeStage: 'parents',
    church: 2,
    weekday: 0,
    time: '16:00',
    frequency: 'monthly',
    description:
      'Parents of young children meet once a month on a Sunday afternoon while the children play next door: a passage, a conversation about raising children in faith, and prayer.',
    capacity: 16,
    open: true,
    leaders: [2],
    members: [],
  },
  {
    name: 'Golden Years Fellowship',
    kind: 'bible-study',
    lifeStage: 'seniors',
    church: 3,
    weekday: 1,
    time: '10:00',
    frequency: 'weekly',
    description:
      'A gentle Monday morning study of the Psalms, followed by tea. The room is on the ground floor, with parking at the door.',
    capacity: 15,
    open: true,
    leaders: [3],
    members: [],
  },
  {
    name: 'Young Adults Collective',
    kind: 'young-adults',
    lifeStage: 'young-adults',
    church: null,
    meetingPlace: 'The Loft Café, 45 Market Street, Philadelphia, PA',
    weekday: 3,
    time: '19:30',
    frequency: 'weekly',
    description: 'For those in their twenties: a talk, a discussion and a late coffee. Students and young professionals alike.',
    capacity: 25,
    open: true,
    leaders: [2],
    members: [0],
  },
  {
    name: 'Empty Nesters',
    kind: 'couples',
    lifeStage: 'empty-nesters',
    church: 1,
    weekday: 4,
    time: '19:00',
    frequency: 'monthly',
    description: 'Couples whose children have left home: dinner together once a month and a study on the seasons of life.',
    capacity: 10,
    open: false,
    leaders: [0],
    members: [3],
  },
];
