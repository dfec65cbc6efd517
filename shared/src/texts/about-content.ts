/**
 * The texts of the About page: the apostle, the spouse and the ministries.
 * Part of the site identity: a church adopting the site edits this file (and
 * site-identity.ts) and rebuilds; the page itself holds no names or texts.
 * No React here.
 */
import { siteIdentity } from '../config/site-identity';

const { apostle, spouse, ministryName, shortName, members, tvNetwork } = siteIdentity;

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** 'ten' for 10; numbers above twelve stay as digits. */
export const spellNumber = (n: number): string => WORDS[n] ?? String(n);

export interface AboutFigure {
  /** As displayed: '500,000+'. */
  value: string;
  label: string;
}

export interface AboutPerson {
  /** The tab's label (short: three must fit side by side on a phone). */
  tab: string;
  name: string;
  role: string;
  photo: string;
  biography: string[];
}

export const aboutContent = {
  intro: `${ministryName} is one family of churches, a television network and a worldwide community of more than ${members} members, led by ${apostle.title} ${apostle.name} and ${spouse.title} ${spouse.name}.`,
  figures: [
    { value: `${members}+`, label: 'members worldwide' },
    { value: String(apostle.books), label: 'books written by the apostle' },
    { value: `${apostle.songs}+`, label: 'songs composed' },
  ] satisfies AboutFigure[],

  apostle: {
    tab: apostle.shortName,
    name: `${apostle.title} ${apostle.name}`,
    role: `Founder and General Overseer of ${ministryName}`,
    photo: apostle.photo,
    biography: [
      `${apostle.title} ${apostle.name} was born in ${apostle.birthPlace}, the third of six children of a schoolteacher and a nurse. He gave his life to Christ at the age of fourteen at an open-air crusade, and began preaching to his classmates before he finished secondary school.`,
      `He studied civil engineering, then theology, and worked for several years as an engineer while leading a small Bible study that met in his living room. In those years he learned what still marks his ministry: plain teaching from the Word, fervent prayer and practical love for the poor.`,
      `A prolific author and songwriter, he has written ${spellNumber(apostle.books)} books and over ${apostle.songs} songs of worship, sung in the ministry's churches and beyond. He is married to ${spouse.title} ${spouse.name}; they have three children.`,
    ],
    history: [
      `What began as a Bible study of eleven people became ${ministryName} when the group outgrew its living room and rented a school hall for Sunday services. The name came from Philippians 2:15: believers who "shine as lights in the world".`,
      `Over three decades the ministry has grown to more than ${members} members in branches across several nations, with ${tvNetwork.name} carrying its teaching into millions of homes. Each branch runs outreach to its own city: food drives, health screenings, scholarships and prison visits.`,
      `${apostle.title} ${apostle.name.split(' ')[0]} still teaches every week, trains the ministry's pastors and leads the annual conference, where members from every branch gather to pray and worship together.`,
    ],
    /** The links of the apostle tab: the external books list and the songs page. */
    booksLabel: 'See the list of books',
    songsLabel: 'Listen to the songs',
    beliefs: [
      'We believe in one God, eternally existing in three persons: the Father, the Son and the Holy Spirit.',
      'We believe the Bible is the inspired, infallible Word of God and the final authority for faith and life.',
      'We believe in the deity of Jesus Christ, His virgin birth, His sinless life, His miracles and His atoning death on the cross.',
      'We believe in the bodily resurrection of Jesus Christ and His ascension to the right hand of the Father.',
      'We believe that all have sinned and that salvation is by grace through faith in Jesus Christ alone.',
      'We believe in repentance and the new birth by the Holy Spirit.',
      'We believe in water baptism by immersion and in the Lord’s Supper, as Christ commanded.',
      'We believe in the baptism of the Holy Spirit and in His gifts for the building up of the Church today.',
      'We believe in divine healing, provided for in the redemptive work of Christ.',
      'We believe in a holy life, set apart for God, lived in love towards all people.',
      'We believe in the Church as the body of Christ, called to worship, fellowship and the Great Commission.',
      'We believe in the personal, visible return of Jesus Christ and in eternal life for all who believe in Him.',
    ],
  },

  spouse: {
    tab: spouse.shortName,
    name: `${spouse.title} ${spouse.name}`,
    role: `Co-pastor and leader of the women's ministry`,
    photo: spouse.photo,
    biography: [
      `${spouse.title} ${spouse.name} has served beside ${apostle.title} ${apostle.name} since the first Bible study met in their living room. A trained teacher, she leads the ministry's women's fellowship, its marriage and family programs and its children's church.`,
      `She is known for her warmth and her practical teaching on prayer, marriage and raising children in the faith. Her weekly program on ${tvNetwork.name}, Light at Home, is watched by families across the nations the ministry reaches.`,
      `She also founded the ministry's scholarship fund, which has helped hundreds of young people through school and university.`,
    ],
    goals: [
      'See every woman in the ministry grounded in the Word and confident in her calling.',
      'Strengthen marriages and families through teaching, counselling and mentoring.',
      'Give children and young people a living faith of their own.',
      'Open doors for young people through education and scholarships.',
      'Raise a generation of women who lead with wisdom, prayer and compassion.',
    ],
  },

  ministries: {
    tab: 'The ministries',
    name: ministryName,
    vision: `To raise a generation of luminaries: people transformed by Christ who carry His light into every home, city and nation.`,
    mission: [
      'Preach the gospel of Jesus Christ to every person, in every nation, by every means available.',
      'Teach the Word of God plainly, so that believers grow into maturity.',
      'Build a praying Church, where every member knows how to seek God.',
      'Plant and strengthen local churches that serve their cities.',
      'Show the love of Christ in deed: feeding the hungry, caring for the sick and lifting the poor.',
      'Train leaders and send them out to raise others.',
    ],
    closing: `Every branch of ${shortName}, every broadcast on ${tvNetwork.name} and every outreach serves this one vision.`,
  },
} as const;

export type AboutContent = typeof aboutContent;
export type AboutTabKey = 'apostle' | 'spouse' | 'ministries';
