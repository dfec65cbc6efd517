/**
 * Sample sermons, seeded on first start: three speakers, two series and
 * eight sermons, one a week back from the seeding Sunday, each with a short
 * real recording (media/sermons/*.mp3, a few seconds of speech) and one
 * with a transcript (WebVTT).
 */
export interface SpeakerSeed {
  key: string;
  name: string;
  role: string;
  photo: string;
}

export interface SeriesSeed {
  key: string;
  title: string;
  description: string;
  image: string;
}

export interface SermonSeed {
  title: string;
  speaker: string;
  series: string | null;
  passages: string;
  summary: string;
  notes: string[];
  /** A file of media/sermons/. */
  audio: string;
  transcript?: string;
  /** 'm:ss Title' lines. */
  chapters?: string;
  /** Sundays before the seeding Sunday (0: that Sunday). */
  weeksAgo: number;
}

export const speakerSeeds: SpeakerSeed[] = [
  { key: 'samuel', name: 'Apostle Samuel K. Adeyemi', role: 'Senior Pastor', photo: '/media/apostle.svg' },
  { key: 'grace', name: 'Pastor Grace Adeyemi', role: 'Pastor', photo: '/media/spouse.svg' },
  { key: 'daniel', name: 'Pastor Daniel Mensah', role: 'Youth Pastor', photo: '/media/speaker-daniel.svg' },
];

export const seriesSeeds: SeriesSeed[] = [
  {
    key: 'shepherd',
    title: 'The Lord Is My Shepherd',
    description:
      'Four Sundays in Psalm 23: the shepherd who provides, restores, walks with us through the valley and brings us home.',
    image: '/media/sermon-series-1.svg',
  },
  {
    key: 'love',
    title: 'Love Never Fails',
    description:
      'Three messages from 1 Corinthians 13 on the love that is patient and kind, keeps no record of wrongs and never ends.',
    image: '/media/sermon-series-2.svg',
  },
];

export const sermonSeeds: SermonSeed[] = [
  {
    title: 'The Lord Is My Shepherd',
    speaker: 'samuel',
    series: 'shepherd',
    passages: 'Psalm 23:1-3; John 10:11-14',
    summary: 'Before the Lord is our provider he is our shepherd: the one who knows his sheep by name and goes before them.',
    notes: [
      'David wrote as a shepherd who had slept in the fields with his flock. "The Lord is my shepherd" is not a title but a relationship: the sheep belong to him, and he to them.',
      'Jesus takes up the same words in John 10: the good shepherd lays down his life for the sheep, and they know his voice.',
      'This week: read Psalm 23 slowly each morning, a verse a day, and write down one way the shepherd provided for you.',
    ],
    audio: 'the-lord-is-my-shepherd.mp3',
    transcript: 'the-lord-is-my-shepherd.vtt',
    chapters: '0:00 The Lord is my shepherd\n0:03 Green pastures\n0:05 Still waters',
    weeksAgo: 7,
  },
  {
    title: 'Green Pastures and Still Waters',
    speaker: 'grace',
    series: 'shepherd',
    passages: 'Ps 23:2-3; Matthew 11:28-30',
    summary: 'Rest is not a reward for finishing our work; it is a gift the shepherd gives, and sometimes insists on.',
    notes: [
      '"He makes me lie down." Sheep do not lie down while they are afraid, hungry or troubled: the shepherd deals with each before his flock can rest.',
      'Jesus invites the weary: "Come to me, and I will give you rest." His yoke is easy because he carries it with us.',
    ],
    audio: 'green-pastures.mp3',
    weeksAgo: 6,
  },
  {
    title: 'Through the Valley of the Shadow',
    speaker: 'samuel',
    series: 'shepherd',
    passages: 'Psalm 23:4; Isaiah 43:1-3',
    summary: 'The psalm does not promise a life without valleys. It promises company in them.',
    notes: [
      'The psalm moves from speaking about God ("he leads me") to speaking to him ("you are with me") exactly where the path is darkest.',
      'Through Isaiah the Lord says: "When you pass through the waters, I will be with you." Through, not around.',
    ],
    audio: 'the-valley-of-the-shadow.mp3',
    weeksAgo: 5,
  },
  {
    title: 'Goodness and Mercy Shall Follow Me',
    speaker: 'daniel',
    series: 'shepherd',
    passages: 'Psalm 23:5-6',
    summary: 'The shepherd sets a table in the presence of enemies, and his goodness pursues us home.',
    notes: [
      'The word translated "follow" is a hunting word: goodness and mercy chase after us all the days of our life.',
      'The psalm ends not in the field but in the house of the Lord, where the sheep becomes a guest at the table.',
    ],
    audio: 'goodness-and-mercy.mp3',
    weeksAgo: 4,
  },
  {
    title: 'Love Is Patient, Love Is Kind',
    speaker: 'grace',
    series: 'love',
    passages: '1 Cor 13:4-7',
    summary: 'Paul’s portrait of love is a portrait of Christ: patient with us, kind to us, and never keeping score.',
    notes: [
      'Paul wrote these words to a church divided by pride and rivalry, not for a wedding. Love here is a way of living together.',
      'Try reading the passage with your own name in place of "love": it shows quickly where we need grace.',
    ],
    audio: 'love-is-patient.mp3',
    weeksAgo: 3,
  },
  {
    title: 'Love Keeps No Record of Wrongs',
    speaker: 'daniel',
    series: 'love',
    passages: '1 Corinthians 13:5-6; Ephesians 4:31-32',
    summary: 'Forgiveness is not forgetting; it is choosing not to keep the ledger open.',
    notes: [
      'The phrase "keeps no record" borrows from bookkeeping: love does not keep accounts of what others owe it.',
      'Be kind and compassionate to one another, forgiving each other, just as in Christ God forgave you.',
    ],
    audio: 'love-keeps-no-record.mp3',
    weeksAgo: 2,
  },
  {
    title: 'Love Never Fails',
    speaker: 'samuel',
    series: 'love',
    passages: '1 Corinthians 13:8-13',
    summary: 'Gifts will pass away, knowledge is partial, but faith, hope and love remain, and the greatest is love.',
    notes: [
      'Prophecy, tongues and knowledge are for now; love is for ever. What we build in love outlasts everything else.',
      'Now we see in a mirror dimly, then face to face: the love we know in part we will one day know in full.',
    ],
    audio: 'love-never-fails.mp3',
    weeksAgo: 1,
  },
  {
    title: 'You Must Be Born Again',
    speaker: 'samuel',
    series: null,
    passages: 'John 3:1-17',
    summary:
      'A teacher of Israel comes to Jesus at night and hears the good news that changes everything: God so loved the world.',
    notes: [
      'Nicodemus came with a compliment; Jesus answered with an invitation: no one can see the kingdom of God unless they are born again.',
      'For God so loved the world that he gave his one and only Son, that whoever believes in him shall not perish but have eternal life.',
    ],
    audio: 'born-again.mp3',
    weeksAgo: 0,
  },
];
